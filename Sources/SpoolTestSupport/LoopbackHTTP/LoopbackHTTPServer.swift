public import Foundation
import SpoolCore

/// A real HTTP/1.1 server for integration tests, reachable only on 127.0.0.1.
///
/// Guarantees:
/// - It listens on 127.0.0.1 (never another interface) on a port the kernel picked, ready
///   to accept as soon as `init` returns.
/// - Its accept loop and every connection run on their own `Thread`s, never on the Swift
///   cooperative pool, so blocking socket calls cannot starve tests.
/// - Every request and connection is recorded (`log`), and `waitUntil` lets a test block
///   until the log satisfies a condition, with a bounded real-time timeout, instead of
///   sleeping.
/// - A client hanging up never raises SIGPIPE (sends use MSG_NOSIGNAL).
/// - `stop()` (also run on deinit) closes the listening socket and every connection and
///   waits for all the server's threads to finish.
///
/// Unregistered paths answer 404 with an empty body.
public final class LoopbackHTTPServer: Sendable {
    /// The port the server listens on, as read back with getsockname.
    public let port: UInt16
    /// The address the server is bound to, as read back with getsockname: "127.0.0.1".
    public let host: String

    private let listenFD: Int32
    private let state = ConditionLock(ServerState())

    /// How long `stop()` waits for the server's threads before giving up on them.
    static let stopTimeout = Duration.seconds(5)

    /// Binds 127.0.0.1 on an ephemeral port and starts accepting connections.
    public init() throws(LoopbackServerError) {
        let (fd, port) = try LoopbackSocket.listen()
        listenFD = fd
        self.port = port
        host = LoopbackSocket.boundAddress(of: fd)?.host ?? "127.0.0.1"
        state.withLock { $0.liveThreads += 1 }
        let thread = Thread { [state] in Self.acceptLoop(fd: fd, state: state) }
        thread.name = "LoopbackHTTPServer accept :\(port)"
        thread.start()
    }

    deinit {
        stop()
    }

    /// `http://127.0.0.1:<port>` followed by `path`, which is used as given (so it may be
    /// percent-encoded already); a path that is not valid in a URL is percent-encoded.
    public func url(_ path: String) -> URL {
        let base = "http://\(host):\(port)"
        if let url = URL(string: base + path) { return url }
        let encoded = path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? ""
        // Not reached in practice: a host, a port and an encoded path always form a URL.
        return URL(string: base + encoded) ?? URL(fileURLWithPath: "/")
    }

    /// Answers every request for exactly `path` (without query) with `response`,
    /// replacing any earlier route for it.
    public func setRoute(_ path: String, _ response: ScriptedResponse) {
        state.withLock { $0.routes[path] = .fixed(response) }
    }

    /// Answers every request for exactly `path` with what `handler` returns. The handler
    /// runs on the connection's thread, outside the server's lock.
    public func setRoute(_ path: String, handler: @escaping LoopbackRequestHandler) {
        state.withLock { $0.routes[path] = .handler(handler) }
    }

    /// Answers every request whose path starts with `prefix` (and has no exact route) with
    /// what `handler` returns; the longest matching prefix wins.
    public func setRoute(prefix: String, handler: @escaping LoopbackRequestHandler) {
        state.withLock { $0.prefixRoutes.append((prefix, handler)) }
    }

    /// A snapshot of everything recorded so far.
    public var log: ServerLog {
        state.withLock { $0.log }
    }

    /// Blocks the calling thread until `predicate` holds for the log, re-checking on every
    /// recorded event. Returns `false` when `timeout` (real time) passed first.
    public func waitUntil(timeout: Duration, _ predicate: (ServerLog) -> Bool) -> Bool {
        state.wait(timeout: timeout) { server in predicate(server.log) ? true : nil } ?? false
    }

    /// `waitUntil(timeout:_:)` for async callers: the blocking wait runs on a thread of its
    /// own, so the caller's executor is not blocked.
    public func waitUntil(timeout: Duration, _ predicate: @escaping @Sendable (ServerLog) -> Bool) async -> Bool {
        await runOnDedicatedThread { self.waitUntil(timeout: timeout, predicate) }
    }

    /// Stops accepting, closes every connection and waits (bounded) for the server's
    /// threads to finish. Idempotent.
    public func stop() {
        let sockets = state.update { server -> [Int32]? in
            guard !server.isStopping else { return nil }
            server.isStopping = true
            return Array(server.openSockets.values)
        }
        guard let sockets else { return }
        // shutdown, not close: the owning threads still hold these descriptors; shutting
        // them down wakes blocked accept/recv/send/poll calls, and each owner closes its own.
        LoopbackSocket.shutdown(listenFD)
        sockets.forEach(LoopbackSocket.shutdown)
        _ = state.wait(timeout: Self.stopTimeout) { server in server.liveThreads == 0 ? true : nil }
        LoopbackSocket.close(listenFD)
    }

    /// A port on 127.0.0.1 with nothing listening, for connection-refused tests: bound,
    /// read back and closed again (so another process could take it, which is unlikely in
    /// the short time a test uses it).
    public static func refusedPort() throws(LoopbackServerError) -> UInt16 {
        let fd = try LoopbackSocket.boundSocket()
        defer { LoopbackSocket.close(fd) }
        guard let port = LoopbackSocket.boundAddress(of: fd)?.port else { throw LoopbackServerError("getsockname") }
        return port
    }

    /// Whether a TCP connection to `address`:`port` succeeds (e.g. to show the server is
    /// not reachable on 127.0.0.2). Blocks for the connect attempt.
    public static func canConnect(toIPv4 address: String, port: UInt16) -> Bool {
        LoopbackSocket.connects(toIPv4: address, port: port)
    }

    private static func acceptLoop(fd: Int32, state: ConditionLock<ServerState>) {
        defer { state.update { $0.liveThreads -= 1 } }
        while let connection = LoopbackSocket.accept(on: fd) {
            let id = state.update { server -> Int? in
                guard !server.isStopping else { return nil }
                let id = server.log.connections.count + 1
                server.log.connections.append(ConnectionRecord(id: id, openedAt: .now))
                server.openSockets[id] = connection
                server.liveThreads += 1
                return id
            }
            guard let id else {
                LoopbackSocket.close(connection)
                return
            }
            let thread = Thread {
                LoopbackConnection(id: id, fd: connection, state: state).run()
                state.update { $0.liveThreads -= 1 }
            }
            thread.name = "LoopbackHTTPServer connection \(id)"
            thread.start()
        }
    }
}
