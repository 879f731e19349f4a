import Foundation
import SpoolCore

/// A line-based server on a UNIX stream socket (mpv's `--input-ipc-server`): any number of
/// clients, each sending newline-terminated lines and receiving whatever `send` queues for it.
///
/// Guarantees:
/// - The socket file is created with mode 0600. A stale socket at the path (nobody listening)
///   is replaced; a live one, or anything that is not a socket, is refused with an error and
///   left alone. `close()` removes the socket file if it is still the one bound here.
/// - One thread (`spool.ipc`) does every socket call with non-blocking descriptors and
///   `poll(2)`, so no client can block another, the caller, or the cooperative pool.
/// - Memory is bounded: a line longer than `maximumLineLength` is dropped (reported as
///   `.lineTooLong`, its bytes discarded up to the next newline); reading pauses while more
///   than `maximumUndeliveredBytes` of lines wait for the consumer; a client that does not read
///   what is sent to it, past `maximumPendingOutput` bytes, is disconnected.
/// - Writes never raise SIGPIPE (a client that hung up is just disconnected).
public final class UnixSocketServer: Sendable {
    /// One connection, unique for the server's life.
    public struct ClientID: Hashable, Sendable, CustomStringConvertible {
        /// 1, 2, 3… in order of connection.
        public let rawValue: Int
        /// The number.
        public var description: String { "\(rawValue)" }
    }

    /// What happens on the socket, in order per client.
    public enum Event: Sendable, Equatable {
        case connected(ClientID)
        /// One line, without its newline (a final line without one is delivered at hang-up).
        case line(ClientID, [UInt8])
        /// A line over the limit was dropped.
        case lineTooLong(ClientID)
        case disconnected(ClientID)
    }

    /// 4 MiB: far above any real command, far below trouble.
    public static let defaultMaximumLineLength = 4 << 20

    /// The socket's path.
    public let path: String
    let shared: Locked<UnixSocketShared>
    let wake: UnixSocketWake
    private let stream: AsyncStream<Event>

    /// Binds `path` and starts serving. Throws when the path cannot be used (too long, a live
    /// socket, not a socket, no permission).
    public init(
        path: String, maximumLineLength: Int = defaultMaximumLineLength, maximumPendingOutput: Int = 64 << 20,
        maximumUndeliveredBytes: Int = 8 << 20
    ) throws(UnixSocketError) {
        self.path = path
        let listener = try UnixSocketListener.bind(path: path)
        let wake: UnixSocketWake
        do {
            wake = try UnixSocketWake()
        } catch {
            listener.close()
            throw error
        }
        self.wake = wake
        shared = Locked(UnixSocketShared(maximumPendingOutput: maximumPendingOutput))
        let (stream, continuation) = AsyncStream.makeStream(of: Event.self, bufferingPolicy: .unbounded)
        self.stream = stream
        let limits = UnixSocketLoop.Limits(line: maximumLineLength, undelivered: maximumUndeliveredBytes)
        SpoolThread.start("spool.ipc") { [self] in
            let loop = UnixSocketLoop(listener: listener, server: self, continuation: continuation, limits: limits)
            loop.run()
        }
    }

    /// The events, for one consumer. Taking a line from it lets the server read more.
    public var events: Events { Events(base: stream.makeAsyncIterator(), server: self) }

    /// Queues `line` and a newline for `client`; ignored once the client is gone.
    public func send(_ line: String, to client: ClientID) {
        let queued = shared.withLock { $0.enqueue(Array(line.utf8) + [0x0A], for: client.rawValue) }
        if queued { wake.signal() }
    }

    /// Closes the connection to `client` after what was queued for it is written (or at once,
    /// if it does not read).
    public func disconnect(_ client: ClientID) {
        shared.withLock { _ = $0.disconnecting.insert(client.rawValue) }
        wake.signal()
    }

    /// Stops serving: every connection closes, the socket file is removed, and the events end.
    /// Returns once all of that is done; later calls return at once.
    public func close() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let finished = shared.withLock { state in
                state.isClosing = true
                if !state.isFinished { state.closeWaiters.append(continuation) }
                return state.isFinished
            }
            if finished { continuation.resume() } else { wake.signal() }
        }
    }

    /// The events as an async sequence that credits each delivered line back to the server.
    public struct Events: AsyncSequence, AsyncIteratorProtocol {
        var base: AsyncStream<Event>.Iterator
        let server: UnixSocketServer

        /// The next event; nil once the server has closed.
        public mutating func next() async -> Event? {
            let event = await base.next(isolation: nil)
            if case .line(_, let bytes) = event { server.delivered(bytes.count) }
            return event
        }

        /// Itself.
        public func makeAsyncIterator() -> Events { self }
    }

    private func delivered(_ count: Int) {
        let resume = shared.withLock { state in
            state.undeliveredBytes -= count + 1
            return state.isReadingPaused && state.undeliveredBytes < state.resumeReadingBelow
        }
        if resume { wake.signal() }
    }
}

/// Why `UnixSocketServer` could not serve at a path.
public struct UnixSocketError: Error, CustomStringConvertible, Equatable {
    /// The path and what is wrong with it.
    public let description: String
}

/// What the caller's threads and the server thread share, under the server's lock.
struct UnixSocketShared: Sendable {
    let maximumPendingOutput: Int
    /// Bytes queued for each client, not yet written.
    var outbox: [Int: [UInt8]] = [:]
    /// Clients that exist now (sends to others are dropped).
    var live: Set<Int> = []
    var disconnecting: Set<Int> = []
    var undeliveredBytes = 0
    var isReadingPaused = false
    var resumeReadingBelow = 0
    var isClosing = false
    var isFinished = false
    var closeWaiters: [CheckedContinuation<Void, Never>] = []

    init(maximumPendingOutput: Int) { self.maximumPendingOutput = maximumPendingOutput }

    /// Appends to `client`'s output; a client over the limit is marked for disconnection.
    /// Returns whether the server thread should wake.
    mutating func enqueue(_ bytes: [UInt8], for client: Int) -> Bool {
        guard live.contains(client), !disconnecting.contains(client) else { return false }
        if (outbox[client]?.count ?? 0) + bytes.count > maximumPendingOutput {
            outbox[client] = nil
            disconnecting.insert(client)
            return true
        }
        outbox[client, default: []] += bytes
        return true
    }
}
