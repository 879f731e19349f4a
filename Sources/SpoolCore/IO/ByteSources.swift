public import Foundation
import Synchronization

// INTERIM: a file-only stand-in so the media work can read local files. It is replaced at
// merge by the real `ByteSources` (file + HTTP); keep it self-contained in this one file.

/// Makes the byte source that reads a URL.
public enum ByteSources {
    /// A source for `url`, not yet opened. Throws `.unsupportedScheme` for anything but a
    /// file URL (this interim version reads local files only).
    public static func make(for url: URL) throws(ByteSourceError) -> any ByteSource {
        guard url.isFileURL else { throw .unsupportedScheme(url) }
        return _InterimFileByteSource(url: url)
    }
}

/// Reads a local file with `FileHandle`. Blocking calls come from one thread at a time (the
/// `ByteSource` contract); `cancel()` only raises a flag, so it never waits for a read.
private final class _InterimFileByteSource: ByteSource {
    let url: URL
    private let cancelled = Atomic<Bool>(false)
    private let state = Mutex<State>(State())

    private struct State {
        var handle: FileHandle?
        var length: Int64?
        var transferred: Int64 = 0
        var closed = false
    }

    init(url: URL) { self.url = url }

    var length: Int64? { state.withLock { $0.length } }
    var isSeekable: Bool { state.withLock { $0.handle != nil } }
    var bytesTransferred: Int64 { state.withLock { $0.transferred } }

    func open() throws(ByteSourceError) {
        try checkCancelled()
        let url = url
        try state.withLock { (state: inout State) throws(ByteSourceError) in
            guard state.handle == nil, !state.closed else { return }
            do {
                let handle = try FileHandle(forReadingFrom: url)
                let end = try handle.seekToEnd()
                try handle.seek(toOffset: 0)
                state.handle = handle
                state.length = Int64(end)
            } catch let error as CocoaError where error.code == .fileReadNoSuchFile || error.code == .fileNoSuchFile {
                throw .notFound(url)
            } catch {
                throw .io(error.localizedDescription, url)
            }
        }
    }

    func read(upTo maxLength: Int) throws(ByteSourceError) -> Data {
        try checkCancelled()
        let url = url
        return try state.withLock { (state: inout State) throws(ByteSourceError) -> Data in
            guard let handle = state.handle else { throw .io("read before open", url) }
            do {
                let data = try handle.read(upToCount: maxLength) ?? Data()
                state.transferred += Int64(data.count)
                return data
            } catch {
                throw .io(error.localizedDescription, url)
            }
        }
    }

    func seek(to offset: Int64) throws(ByteSourceError) {
        try checkCancelled()
        let url = url
        try state.withLock { (state: inout State) throws(ByteSourceError) in
            guard let handle = state.handle, offset >= 0 else { throw .io("seek to \(offset) failed", url) }
            do {
                try handle.seek(toOffset: UInt64(offset))
            } catch {
                throw .io(error.localizedDescription, url)
            }
        }
    }

    func cancel() { cancelled.store(true, ordering: .releasing) }

    func close() {
        state.withLock { state in
            try? state.handle?.close()
            state.handle = nil
            state.closed = true
        }
    }

    private func checkCancelled() throws(ByteSourceError) {
        if cancelled.load(ordering: .acquiring) { throw .cancelled }
    }
}
