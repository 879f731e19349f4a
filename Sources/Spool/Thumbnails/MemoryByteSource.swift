import Foundation
import SpoolCore

/// A seekable byte source over bytes already fetched (an init section and an I-frame or a
/// segment), so a `Demuxer` reads them like a file. The URL only names the bytes (its path
/// extension is FFmpeg's format hint).
final class MemoryByteSource: ByteSource {
    let url: URL
    private let data: Data
    private let state = Locked<(offset: Int, delivered: Int64, cancelled: Bool)>((0, 0, false))

    init(data: Data, url: URL) {
        self.data = data
        self.url = url
    }

    func open() throws(ByteSourceError) {
        if state.withLock({ $0.cancelled }) { throw .cancelled }
    }

    var length: Int64? { Int64(data.count) }
    var isSeekable: Bool { true }

    func read(upTo maxLength: Int) throws(ByteSourceError) -> Data {
        let data = data
        return try state.withLock { (state) throws(ByteSourceError) -> Data in
            if state.cancelled { throw .cancelled }
            let end = min(data.count, state.offset + max(maxLength, 0))
            defer {
                state.delivered += Int64(end - state.offset)
                state.offset = end
            }
            return data.subdata(in: state.offset..<end)
        }
    }

    func seek(to offset: Int64) throws(ByteSourceError) {
        let count = data.count
        try state.withLock { (state) throws(ByteSourceError) in
            if state.cancelled { throw .cancelled }
            state.offset = Int(clamping: min(max(offset, 0), Int64(count)))
        }
    }

    func cancel() { state.withLock { $0.cancelled = true } }

    func close() {}

    var bytesTransferred: Int64 { state.withLock { $0.delivered } }
}
