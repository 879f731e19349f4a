import Foundation
import SpoolCore

/// A byte source over one whole fetch through a `ResourceFetching`, so code written for byte
/// sources (the content key provider) fetches over the stream's own connection, with its
/// time-out, and stops when the stream's fetcher is cancelled.
final class FetchedByteSource: ByteSource {
    let url: URL
    private let fetcher: any ResourceFetching
    private let maxBytes: Int
    private let state = Locked<(data: Data, offset: Int, cancelled: Bool)>((Data(), 0, false))

    /// A source for `url`, at most `maxBytes` long; nothing is fetched before `open()`.
    init(url: URL, fetcher: any ResourceFetching, maxBytes: Int) {
        self.url = url
        self.fetcher = fetcher
        self.maxBytes = maxBytes
    }

    func open() throws(ByteSourceError) {
        if state.withLock({ $0.cancelled }) { throw .cancelled }
        do {
            let fetched = try fetcher.fetch(ResourceRequest(url: url, maxBytes: maxBytes))
            state.withLock { $0.data = fetched.data }
        } catch {
            switch error {
            case .failed(let failure): throw failure
            case .tooLarge(let limit, _): throw .io("larger than \(limit) bytes", url)
            case .abandoned: throw .cancelled
            }
        }
    }

    var length: Int64? { Int64(state.withLock { $0.data.count }) }
    var isSeekable: Bool { false }

    func read(upTo maxLength: Int) throws(ByteSourceError) -> Data {
        try state.withLock { (state) throws(ByteSourceError) -> Data in
            if state.cancelled { throw .cancelled }
            let end = min(state.data.count, state.offset + max(maxLength, 0))
            defer { state.offset = end }
            return state.data.subdata(in: state.offset..<end)
        }
    }

    func seek(to offset: Int64) throws(ByteSourceError) { throw .notSeekable(url) }

    /// Refuses later reads; a fetch in flight ends when the fetcher is cancelled.
    func cancel() { state.withLock { $0.cancelled = true } }

    func close() {}

    var bytesTransferred: Int64 { Int64(state.withLock { $0.offset }) }
}
