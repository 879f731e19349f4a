import Foundation
import SpoolCore
import SpoolHLS
import SpoolTestSupport
import Testing

/// `Retry-After` on the HLS fetch path: a real server refuses, the fetcher reports the
/// header, and `RetryingFetch` pauses for it on the injected pause (no real waiting).
@Suite(.timeLimit(.minutes(3)))
struct RetryAfterFetchTests {
    static let body = Data("#EXTM3U\n".utf8)

    /// Fetches `/playlist.m3u8` answered by `route` through `retry`; returns the data and
    /// every pause asked for, in order.
    private static func fetch(
        _ route: ScriptedRoute, retry: RetryingFetch = RetryingFetch(), transport: HTTPTransportKind
    ) async throws -> (data: Data, pauses: [Duration], requests: Int) {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.setRoute("/playlist.m3u8") { _ in route.next() }
        let fetcher = transport.fetcher()
        let url = server.url("/playlist.m3u8")
        let pauses = Locked<[Duration]>([])
        let data = try await runOnDedicatedThread { () throws(ResourceFetchError) -> Data in
            try retry.fetch(ResourceRequest(url: url, maxBytes: 1 << 20), with: fetcher) { pause in
                pauses.withLock { $0.append(pause) }
                return true
            }.data
        }
        return (data, pauses.withLock { $0 }, server.log.requests.count)
    }

    @Test("a 503 with Retry-After: 7 is tried again after exactly 7 s", arguments: HTTPTransportKind.allCases)
    func serviceUnavailable(transport: HTTPTransportKind) async throws {
        let route = ScriptedRoute([ScriptedRoute.refusal(503, retryAfter: "7")], then: .file(Self.body))
        let (data, pauses, requests) = try await Self.fetch(route, transport: transport)
        #expect(data == Self.body)
        #expect(pauses == [.seconds(7)])
        #expect(requests == 2)
    }

    @Test("a 429 with Retry-After: 3 is tried again after exactly 3 s", arguments: HTTPTransportKind.allCases)
    func tooManyRequests(transport: HTTPTransportKind) async throws {
        let route = ScriptedRoute([ScriptedRoute.refusal(429, retryAfter: " 3 ")], then: .file(Self.body))
        let (data, pauses, _) = try await Self.fetch(route, transport: transport)
        #expect(data == Self.body)
        #expect(pauses == [.seconds(3)])
    }

    @Test(
        "Retry-After is bounded, and without one (or with a date) the backoff applies",
        arguments: HTTPTransportKind.allCases)
    func boundedAndFallback(transport: HTTPTransportKind) async throws {
        let route = ScriptedRoute(
            [
                ScriptedRoute.refusal(503, retryAfter: "86400"),
                ScriptedRoute.refusal(503, retryAfter: "Wed, 21 Oct 2015 07:28:00 GMT"),
                ScriptedRoute.refusal(503),
            ], then: .file(Self.body))
        let retry = RetryingFetch(
            attempts: 4, step: .seconds(1), maximumDelay: .seconds(5), maximumRetryAfter: .seconds(20))
        let (data, pauses, requests) = try await Self.fetch(route, retry: retry, transport: transport)
        #expect(data == Self.body)
        #expect(pauses == [.seconds(20), .seconds(2), .seconds(3)])
        #expect(requests == 4)
    }

    @Test("Retry-After on a 500 does not replace the backoff", arguments: HTTPTransportKind.allCases)
    func otherStatus(transport: HTTPTransportKind) async throws {
        let route = ScriptedRoute([ScriptedRoute.refusal(500, retryAfter: "9")], then: .file(Self.body))
        let (_, pauses, _) = try await Self.fetch(route, transport: transport)
        #expect(pauses == [.seconds(1)])
    }

    @Test("the advice reaches the caller of fetchWithRetryAdvice, and fetch(_:) still throws the plain error")
    func adviceAndPlainError() async throws {
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.setRoute("/p.m3u8", ScriptedRoute.refusal(503, retryAfter: "12"))
        let fetcher = HTTPTransportKind.curl.fetcher()
        let request = ResourceRequest(url: server.url("/p.m3u8"), maxBytes: 1024)
        let advised = await runOnDedicatedThread {
            Result { () throws(ResourceFetchFailure) in try fetcher.fetchWithRetryAdvice(request) }
        }
        #expect(
            advised.failure == ResourceFetchFailure(.failed(.httpStatus(503, request.url)), retryAfter: .seconds(12)))
        let (plain, _) = await fetchOnThread(fetcher, request)
        #expect(plain.failure == .failed(.httpStatus(503, request.url)))
    }
}

extension Result where Failure == ResourceFetchFailure {
    /// The failure, or `nil` on success.
    var failure: ResourceFetchFailure? {
        if case .failure(let failure) = self { failure } else { nil }
    }
}
