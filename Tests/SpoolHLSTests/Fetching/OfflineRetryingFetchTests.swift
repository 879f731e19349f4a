import Foundation
import SpoolCore
import SpoolHLS
import SpoolTestSupport
import Testing

/// `RetryingFetch` with a network path: a transport failure while the path is down spends no
/// try. The fetch looks at the path again on each (injected) pause and goes out once it
/// returns; an HTTP error status is judged as always.
@Suite struct OfflineRetryingFetchTests {
    /// Fails with `failure` until `succeeds` is set, then answers.
    final class FlakyFetcher: ResourceFetching {
        let failure: ByteSourceError
        let succeeds = Locked(false)
        let calls = Locked(0)

        init(failing failure: ByteSourceError) { self.failure = failure }

        func fetch(_ request: ResourceRequest) throws(ResourceFetchError) -> FetchedResource {
            calls.withLock { $0 += 1 }
            guard succeeds.withLock({ $0 }) else { throw .failed(failure) }
            return FetchedResource(
                data: Data("#EXTM3U\n".utf8), transferDuration: .milliseconds(1), timeToFirstByte: nil)
        }

        func cancel() {}
        var isCancelled: Bool { false }
    }

    static let url = URL(string: "http://origin.example/live.m3u8")!

    @Test("offline: no try is spent; the fetch goes out when the path returns, and says so once")
    func waitsForTheNetwork() throws {
        let network = FakeNetworkPathMonitor(NetworkPath(status: .unsatisfied))
        let fetcher = FlakyFetcher(failing: .network("no route to host", Self.url))
        var retry = RetryingFetch(attempts: 1)
        retry.networkPath = network
        var pauses = 0
        var returned = 0
        let fetched = try retry.fetch(
            ResourceRequest(url: Self.url, maxBytes: 1 << 20), with: fetcher,
            pause: { duration in
                #expect(duration == retry.offlinePoll)
                pauses += 1
                if pauses == 5 {
                    network.set(.satisfied)
                    fetcher.succeeds.withLock { $0 = true }
                }
                return true
            }, networkReturned: { returned += 1 })
        #expect(fetched.data == Data("#EXTM3U\n".utf8))
        #expect(pauses == 5)
        #expect(returned == 1)
        #expect(fetcher.calls.withLock { $0 } == 2, "one failure, then the fetch after the return")
    }

    @Test("online, the same failure with one try allowed is final; offline, an HTTP 404 is too")
    func failuresThatDoNotWait() {
        var retry = RetryingFetch(attempts: 1)
        retry.networkPath = FakeNetworkPathMonitor()
        let request = ResourceRequest(url: Self.url, maxBytes: 1 << 20)
        #expect(throws: ResourceFetchError.self) {
            try retry.fetch(request, with: FlakyFetcher(failing: .network("reset", Self.url)), pause: { _ in true })
        }
        retry.networkPath = FakeNetworkPathMonitor(NetworkPath(status: .unsatisfied))
        var pauses = 0
        #expect(throws: ResourceFetchError.failed(.notFound(Self.url))) {
            try retry.fetch(
                request, with: FlakyFetcher(failing: .notFound(Self.url)),
                pause: { _ in
                    pauses += 1
                    return true
                })
        }
        #expect(pauses == 0)
    }

    @Test("a cancelled pause ends an offline wait with .cancelled")
    func cancelledWhileOffline() {
        var retry = RetryingFetch(attempts: 3)
        retry.networkPath = FakeNetworkPathMonitor(NetworkPath(status: .unsatisfied))
        #expect(throws: ResourceFetchError.failed(.cancelled)) {
            try retry.fetch(
                ResourceRequest(url: Self.url, maxBytes: 1 << 20),
                with: FlakyFetcher(failing: .network("no route to host", Self.url)), pause: { _ in false })
        }
    }
}
