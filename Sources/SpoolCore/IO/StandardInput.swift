import Foundation

/// The process's standard input as media (`spool play -`), shared by every byte source made
/// for it: the asset's probe reads first, then the player opens the input again, and a pipe
/// cannot be read twice. So the bytes read from the pipe are kept while the first reader
/// (the probe) reads, and replayed to the next one; once a later reader reads past them they
/// are dropped, so playing a long stream keeps only the current chunk in memory.
///
/// Guarantees: readers see the stream from its first byte, in order, without gaps, up to
/// `retainLimit` bytes read before a second reader starts; a reader that starts after the kept
/// bytes are gone (a third pass, `--loop`) fails with `.io` saying standard input cannot be
/// read again. A blocked read wakes within `pollInterval` of its reader's `cancel()`.
final class StandardInput: Sendable {
    /// The one standard input of the process.
    static let shared = StandardInput(fileDescriptor: STDIN_FILENO)

    /// The most bytes kept for replay (the probe reads a few MiB at most; more means a
    /// container that needs seeking, such as MP4 with its index at the end).
    static let retainLimit = 64 << 20
    /// How often a blocked read checks its reader's cancellation.
    static let pollInterval: Int32 = 50

    private let descriptor: Int32
    private let state = Locked(State())

    private struct State {
        /// Bytes read from the descriptor, from stream offset `start` on.
        var kept = Data()
        var start: Int64 = 0
        /// Whether bytes are still kept from offset 0 for a later reader.
        var isRetaining = true
        var isAtEnd = false
        var readers = 0
        var consumed: Int64 { start + Int64(kept.count) }
    }

    init(fileDescriptor: Int32) {
        descriptor = fileDescriptor
    }

    /// What kind of file the descriptor is: a regular file can simply be reopened
    /// (`/dev/stdin`) and seeked; a terminal is no media.
    enum Kind: Equatable { case regularFile, terminal, stream }

    var kind: Kind {
        if isatty(descriptor) == 1 { return .terminal }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .stream }
        return status.st_mode & S_IFMT == S_IFREG ? .regularFile : .stream
    }

    /// Registers a reader: the number it is (1 for the first).
    func addReader() -> Int {
        state.withLock { state in
            state.readers += 1
            return state.readers
        }
    }

    /// Up to `maxLength` bytes at stream offset `position` for reader number `reader`;
    /// empty at the end of the stream.
    func read(at position: Int64, upTo maxLength: Int, reader: Int, url: URL, isCancelled: () -> Bool)
        throws(ByteSourceError) -> Data
    {
        try state.withLock { (state) throws(ByteSourceError) -> Data in
            guard position >= state.start else {
                throw .io("standard input was read already and cannot be read again", url)
            }
            if position == state.consumed, !state.isAtEnd {
                let chunk = try Self.readChunk(descriptor, upTo: max(maxLength, 64 << 10), url: url, isCancelled)
                if chunk.isEmpty { state.isAtEnd = true }
                // A later reader past the kept bytes: nobody needs them again.
                if reader > 1 || state.kept.count + chunk.count > Self.retainLimit { state.isRetaining = false }
                if !state.isRetaining {
                    // Everything kept lies before `position`, so all of it has been read.
                    state.kept = Data()
                    state.start = position
                }
                state.kept.append(chunk)
            }
            let from = Int(position - state.start)
            let count = min(maxLength, state.kept.count - from)
            guard count > 0 else { return Data() }
            let base = state.kept.startIndex
            return Data(state.kept[(base + from)..<(base + from + count)])
        }
    }

    /// One read(2) once the descriptor is readable, waking every `pollInterval` to check
    /// cancellation: a pipe may stay silent for as long as its writer likes.
    private static func readChunk(
        _ descriptor: Int32, upTo count: Int, url: URL, _ isCancelled: () -> Bool
    ) throws(ByteSourceError) -> Data {
        var buffer = [UInt8](repeating: 0, count: count)
        while true {
            if isCancelled() { throw .cancelled }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, pollInterval)
            if ready < 0, errno != EINTR { throw .io(POSIXErrorCode(rawValue: errno)?.message ?? "poll failed", url) }
            guard ready > 0 else { continue }
            let got = Glibc.read(descriptor, &buffer, count)
            if got >= 0 { return Data(buffer[0..<got]) }
            if errno != EINTR, errno != EAGAIN {
                throw .io(POSIXErrorCode(rawValue: errno)?.message ?? "read failed", url)
            }
        }
    }
}
