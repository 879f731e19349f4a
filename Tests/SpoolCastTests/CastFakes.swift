import Foundation
import SpoolCast
import SpoolCore

/// An SSDP channel the test speaks through: datagrams are handed in by `deliver`, and what the
/// discovery sends is streamed to `sent`.
final class FakeSSDPChannel: SSDPChannel {
    private let receiver = Locked<(@Sendable (Data, String) -> Void)?>(nil)
    private let sentContinuation: AsyncStream<Data>.Continuation
    /// Every datagram sent, in order.
    let sent: AsyncStream<Data>
    let closed = Locked(false)

    init() { (sent, sentContinuation) = AsyncStream.makeStream(of: Data.self) }

    func open(_ receive: @escaping @Sendable (Data, String) -> Void) throws(RendererDiscoveryError) {
        receiver.withLock { $0 = receive }
    }

    func send(_ datagram: Data) throws(RendererDiscoveryError) { sentContinuation.yield(datagram) }

    func close() {
        closed.withLock { $0 = true }
        sentContinuation.finish()
    }

    /// Hands `datagram` to the discovery as if `source` had sent it.
    func deliver(_ datagram: Data, from source: String = CastFixtures.source) {
        receiver.withLock { $0 }?(datagram, source)
    }
}

/// Descriptions by URL; a URL without one fails as a refused connection would. Counts fetches.
final class FakeDescriptionFetcher: DescriptionFetching {
    let documents: Locked<[URL: Data]>
    let fetches = Locked(0)

    init(_ documents: [URL: Data]) { self.documents = Locked(documents) }

    func fetch(_ url: URL, maxBytes: Int) async throws(DeviceDescriptionError) -> Data {
        fetches.withLock { $0 += 1 }
        guard let data = documents.withLock({ $0[url] }) else { throw .fetchFailed("Connection refused") }
        return data
    }
}
