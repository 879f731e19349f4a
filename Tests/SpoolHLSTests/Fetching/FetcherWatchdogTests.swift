import Foundation
import SpoolCore
import SpoolHLS
import Testing

/// "Every fetch ends" even over a transport that never reports back: the fetcher's watchdog.
@Suite(.timeLimit(.minutes(3)))
struct FetcherWatchdogTests {
    @Test("a transport that never answers nor times out: the fetch fails after the silence limit and is stopped")
    func watchdog() async throws {
        let transport = SilentTransport()
        let epoch = ContinuousClock.now
        let fetcher = StandardResourceFetcher(
            requestTimeout: .seconds(1), transport: transport, now: { epoch.duration(to: .now) })
        let url = try #require(URL(string: "http://127.0.0.1:9/playlist.m3u8"))
        let request = ResourceRequest(url: url, byteRange: ByteRange(offset: 10, length: 90), maxBytes: 1024)
        let (result, elapsed) = await fetchOnThread(fetcher, request)
        guard case .failed(.network(_, let failing))? = result.failure else {
            Issue.record("expected a network error, got \(result)")
            return
        }
        #expect(failing == url)
        // The limit is the request timeout plus 2 s; loose above (a loaded machine).
        #expect(elapsed >= .milliseconds(2900) && elapsed < .seconds(20), "\(elapsed)")
        #expect(transport.cancelled == 1, "the abandoned transfer is cancelled")
        #expect(transport.started.map { $0.headers["Range"] } == ["bytes=10-99"])
    }

    @Test("cancel() ends a fetch the transport never answers, at once")
    func cancelSilent() async throws {
        let transport = SilentTransport()
        let fetcher = StandardResourceFetcher(requestTimeout: .seconds(30), transport: transport, now: { .zero })
        let url = try #require(URL(string: "http://127.0.0.1:9/seg.ts"))
        async let fetched = fetchOnThread(fetcher, ResourceRequest(url: url, maxBytes: 1024))
        defer { fetcher.cancel() }
        // The fetch is blocked once its request reached the transport.
        while transport.started.isEmpty { await Task.yield() }
        fetcher.cancel()
        let (result, elapsed) = await fetched
        #expect(result.failure == .failed(.cancelled))
        #expect(elapsed < .seconds(10), "\(elapsed)")
        #expect(transport.cancelled == 1)
    }
}
