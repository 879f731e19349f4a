public import Foundation
import Synchronization

/// A `ByteSource` over standard input (`spool play -`), made by `ByteSources.make(for:)` for
/// `ByteSources.standardInputURL`. A pipe is read once and replayed to the next source (see
/// `StandardInput`): it is not seekable and has no length, so FFmpeg demuxes it front to back.
/// A regular file redirected to standard input is opened as a file instead (seekable, with
/// its length); a terminal is refused with `.io`, since nothing would ever arrive.
public final class StandardInputByteSource: ByteSource {
    /// `ByteSources.standardInputURL`.
    public let url: URL

    private let input: StandardInput
    private let reader: Locked<Int?> = Locked(nil)
    private let position = Atomic<Int64>(0)
    private let isCancelled = Atomic(false)

    init(url: URL, input: StandardInput) {
        self.url = url
        self.input = input
    }

    /// Registers this source as the input's next reader, from the stream's first byte.
    /// Throws `.io` when standard input is a terminal, `.cancelled` after `cancel()`.
    public func open() throws(ByteSourceError) {
        if isCancelled.load(ordering: .acquiring) { throw .cancelled }
        guard input.kind != .terminal else { throw .io("standard input is a terminal, not media", url) }
        reader.withLock { reader in
            if reader == nil { reader = input.addReader() }
        }
    }

    /// Always `nil`: a pipe's length is unknown until it ends.
    public var length: Int64? { nil }

    /// Always `false`: standard input is read front to back.
    public var isSeekable: Bool { false }

    /// Reads the next bytes of the stream; empty at its end.
    public func read(upTo maxLength: Int) throws(ByteSourceError) -> Data {
        if isCancelled.load(ordering: .acquiring) { throw .cancelled }
        guard let reader = reader.withLock({ $0 }) else { throw .io("used before open()", url) }
        guard maxLength > 0 else { return Data() }
        let data = try input.read(
            at: position.load(ordering: .relaxed), upTo: maxLength, reader: reader, url: url,
            isCancelled: { self.isCancelled.load(ordering: .acquiring) })
        position.add(Int64(data.count), ordering: .relaxed)
        return data
    }

    /// Always throws `.notSeekable`.
    public func seek(to offset: Int64) throws(ByteSourceError) {
        throw .notSeekable(url)
    }

    /// Makes blocked and later calls throw `.cancelled` (a blocked read within
    /// `StandardInput.pollInterval`). Safe from any thread.
    public func cancel() {
        isCancelled.store(true, ordering: .releasing)
    }

    /// Same as `cancel()`: standard input itself stays open for the next reader.
    public func close() {
        cancel()
    }

    /// Bytes returned by `read` so far.
    public var bytesTransferred: Int64 {
        position.load(ordering: .relaxed)
    }
}
