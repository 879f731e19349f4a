public import Foundation
import Synchronization

/// A `ByteSource` reading a local file through `FileHandle`.
///
/// Guarantees: `open()` reports a missing file (or missing directory on the path) as
/// `.notFound` and every other failure, including a directory or a permission error, as
/// `.io` naming the cause. Regular files are seekable and report their length; other
/// readable files (pipes, character devices) are read sequentially with `length == nil`.
/// After `cancel()` or `close()`, every call throws `.cancelled`. Reads of regular files
/// never block for long, so cancellation is checked before each read rather than by
/// interrupting one; a read already inside the kernel finishes first.
public final class FileByteSource: ByteSource {
    /// The file's location (a `file:` URL).
    public let url: URL

    private let state = Locked(FileState())
    // Separate from `state` so that `cancel()` and the access log never wait for a read
    // that holds the mutex.
    private let isCancelled = Atomic(false)
    private let transferred = Atomic<Int64>(0)

    /// The largest single read: a caller asking for more gets a short read, which keeps
    /// one allocation bounded whatever `maxLength` says.
    static let maximumReadSize = 8 << 20

    /// Creates a source for the file at `url`; nothing is touched until `open()`.
    /// A URL without a scheme is taken as a path.
    public init(url: URL) {
        self.url = url.scheme == nil ? URL(fileURLWithPath: url.path) : url
    }

    /// Creates a source for the file at `path`; nothing is touched until `open()`.
    public convenience init(path: String) {
        self.init(url: URL(fileURLWithPath: path))
    }

    deinit {
        state.withLock { $0.closeHandle() }
    }

    /// Opens the file for reading and learns its length. Throws `.notFound` when it does
    /// not exist, `.io` when it is a directory or cannot be read, `.cancelled` after
    /// `cancel()` or `close()`. Calling it again on an open source does nothing.
    public func open() throws(ByteSourceError) {
        try checkNotCancelled()
        try state.withLock { (file) throws(ByteSourceError) in
            switch file.phase {
            case .open: return
            case .closed: throw .cancelled
            case .idle: break
            }
            guard url.isFileURL else { throw .unsupportedScheme(url) }
            let opened = try FileOpening.open(url)
            file.phase = .open(opened.handle)
            file.length = opened.length
        }
    }

    /// The file's size in bytes for regular files (read when opened), else `nil`.
    public var length: Int64? {
        state.withLock { $0.length }
    }

    /// `true` for regular files once open.
    public var isSeekable: Bool {
        state.withLock { $0.length != nil }
    }

    /// Reads up to `maxLength` bytes (at most `maximumReadSize` at once); empty at end of
    /// file. Throws `.cancelled` after `cancel()`, `.io` when the read fails.
    public func read(upTo maxLength: Int) throws(ByteSourceError) -> Data {
        try checkNotCancelled()
        guard maxLength > 0 else { return Data() }
        let data = try state.withLock { (file) throws(ByteSourceError) -> Data in
            let handle = try file.openHandle(for: url)
            do {
                return try handle.read(upToCount: min(maxLength, Self.maximumReadSize)) ?? Data()
            } catch {
                throw FileOpening.ioError(error, url: url)
            }
        }
        transferred.add(Int64(data.count), ordering: .relaxed)
        return data
    }

    /// Moves to `offset`; past the end is allowed and then reads return empty data.
    /// Throws `.notSeekable` for non-regular files, `.io` for a negative offset.
    public func seek(to offset: Int64) throws(ByteSourceError) {
        try checkNotCancelled()
        guard offset >= 0 else { throw .io("invalid seek offset \(offset)", url) }
        try state.withLock { (file) throws(ByteSourceError) in
            let handle = try file.openHandle(for: url)
            guard file.length != nil else { throw .notSeekable(url) }
            do {
                try handle.seek(toOffset: UInt64(offset))
            } catch {
                throw FileOpening.ioError(error, url: url)
            }
        }
    }

    /// Makes every later call throw `.cancelled`. Safe from any thread; never blocks.
    public func cancel() {
        isCancelled.store(true, ordering: .releasing)
    }

    /// Closes the file descriptor. Idempotent; later calls throw `.cancelled`.
    public func close() {
        cancel()
        state.withLock { $0.closeHandle() }
    }

    /// Bytes returned by `read` so far.
    public var bytesTransferred: Int64 {
        transferred.load(ordering: .relaxed)
    }

    private func checkNotCancelled() throws(ByteSourceError) {
        if isCancelled.load(ordering: .acquiring) { throw .cancelled }
    }
}

/// The mutable part of a `FileByteSource`, guarded by its mutex.
private struct FileState: ~Copyable {
    enum Phase {
        case idle
        case open(FileHandle)
        case closed
    }

    var phase = Phase.idle
    var length: Int64?

    /// The open handle; before `open()` a read or seek is a usage error reported as `.io`.
    func openHandle(for url: URL) throws(ByteSourceError) -> FileHandle {
        switch phase {
        case .open(let handle): return handle
        case .closed: throw .cancelled
        case .idle: throw .io("used before open()", url)
        }
    }

    mutating func closeHandle() {
        if case .open(let handle) = phase {
            try? handle.close()
        }
        phase = .closed
    }
}
