import Foundation
import SpoolCore
import SpoolTestSupport
import Synchronization
import Testing

@testable import SpoolHLS

/// Serves playlists and segments from memory, records every request, and fails the URLs it
/// is told to.
final class InMemoryFetcher: ResourceFetching {
    /// Answers a request from its whole URL (query included); `nil` is a 404.
    typealias Responder = @Sendable (URL) -> String?

    private let state = Locked<
        (
            resources: [String: Data], failures: [String: ResourceFetchError], responders: [String: Responder],
            log: [String], urls: [URL]
        )
    >(([:], [:], [:], [], []))
    private let cancelled = Atomic<Bool>(false)

    func set(_ path: String, _ text: String) { state.withLock { $0.resources[path] = Data(text.utf8) } }
    func set(_ path: String, data: Data) { state.withLock { $0.resources[path] = data } }
    func fail(_ path: String, with error: ResourceFetchError) { state.withLock { $0.failures[path] = error } }
    /// Serves `path` from `responder`, which sees the query (a live origin's directives).
    func respond(_ path: String, with responder: @escaping Responder) {
        state.withLock { $0.responders[path] = responder }
    }
    /// The paths requested, in order.
    var log: [String] { state.withLock { $0.log } }
    /// The whole URLs requested, in order.
    var urls: [URL] { state.withLock { $0.urls } }

    func fetch(_ request: ResourceRequest) throws(ResourceFetchError) -> FetchedResource {
        if cancelled.load(ordering: .relaxed) { throw .failed(.cancelled) }
        let path = request.url.path
        let (stored, failure, responder) = state.withLock { state in
            state.log.append(path)
            state.urls.append(request.url)
            return (state.resources[path], state.failures[path], state.responders[path])
        }
        if let failure { throw failure }
        let data = responder.map { $0(request.url).map { Data($0.utf8) } } ?? stored
        guard let data else { throw .failed(.notFound(request.url)) }
        return FetchedResource(data: data, transferDuration: .milliseconds(10), timeToFirstByte: nil)
    }

    func cancel() { cancelled.store(true, ordering: .relaxed) }
}

/// A ladder of `count` variants of `segments` two-second segments each, whose segment bytes
/// name their variant and number ("v1/3").
func makeLadder(variants count: Int, segments: Int, live: Bool = false) -> InMemoryFetcher {
    let fetcher = InMemoryFetcher()
    var master = "#EXTM3U\n"
    for variant in 0..<count {
        master +=
            "#EXT-X-STREAM-INF:BANDWIDTH=\((variant + 1) * 300_000),RESOLUTION=\(320 * (variant + 1))x180\nv\(variant).m3u8\n"
        var media = "#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXT-X-MEDIA-SEQUENCE:0\n"
        for index in 0..<segments {
            media += "#EXTINF:2.0,\ns\(variant)_\(index).ts\n"
            fetcher.set("/hls/s\(variant)_\(index).ts", data: Data("v\(variant)/\(index)".utf8))
        }
        if !live { media += "#EXT-X-ENDLIST\n" }
        fetcher.set("/hls/v\(variant).m3u8", media)
    }
    fetcher.set("/hls/master.m3u8", master)
    return fetcher
}

/// Loads the presentation and drains the stream on a dedicated thread (it blocks), returning
/// the segments' contents in order and how the stream ended.
func drain(
    _ fetcher: InMemoryFetcher, configuration: HLSStreamConfiguration = HLSStreamConfiguration(),
    startVariant: Int = 0, limit: Int = 100
) async throws -> (segments: [String], ending: String) {
    try await runOnDedicatedThread { () throws(HLSError) -> ([String], String) in
        let loader = PlaylistLoader(fetcher: fetcher)
        let presentation = try loader.loadPresentation(
            URL(string: "http://127.0.0.1/hls/master.m3u8")!,
            order: { variants in [startVariant] + variants.indices.filter { $0 != startVariant } },
            pause: { _ in true })
        let clock = Locked<Duration>(.zero)
        let stream = HLSSegmentStream(
            presentation: presentation, configuration: configuration, fetcher: fetcher, decryptor: nil,
            now: {
                clock.withLock {
                    $0 += .milliseconds(1); return $0
                }
            }, consumerBuffered: { .zero })
        stream.start(at: nil)
        defer { stream.cancel() }
        var contents: [String] = []
        for _ in 0..<limit {
            switch stream.next() {
            case .segment(let segment): contents.append(String(decoding: segment.data, as: UTF8.self))
            case .end: return (contents, "end")
            case .failed(let error): return (contents, "failed: \(error)")
            case .cancelled: return (contents, "cancelled")
            }
        }
        return (contents, "limit")
    }
}

@Suite("HLS segment stream")
struct HLSSegmentStreamTests {
    @Test("a VOD variant is delivered segment by segment, in order, then ends")
    func vodInOrder() async throws {
        let fetcher = makeLadder(variants: 1, segments: 5)
        let (segments, ending) = try await drain(fetcher)
        #expect(segments == ["v0/0", "v0/1", "v0/2", "v0/3", "v0/4"])
        #expect(ending == "end")
    }

    @Test("a pinned variant is played throughout")
    func pinnedVariant() async throws {
        let fetcher = makeLadder(variants: 3, segments: 4)
        var configuration = HLSStreamConfiguration()
        configuration.pinnedVariant = 2
        let (segments, _) = try await drain(fetcher, configuration: configuration)
        #expect(segments == ["v2/0", "v2/1", "v2/2", "v2/3"])
    }

    @Test("a variant whose segment is missing is left for another at the same position; nothing repeats")
    func failoverOnNotFound() async throws {
        let fetcher = makeLadder(variants: 2, segments: 5)
        fetcher.fail("/hls/s0_2.ts", with: .failed(.notFound(URL(string: "http://127.0.0.1/hls/s0_2.ts")!)))
        var configuration = HLSStreamConfiguration()
        configuration.retry = RetryingFetch(attempts: 1)
        // Capped to v0, so v1 is chosen only as the failover (a fast fetcher would go up).
        configuration.peakBitRate = 300_000
        let (segments, ending) = try await drain(fetcher, configuration: configuration)
        #expect(segments.count == 5)
        #expect(segments.prefix(2) == ["v0/0", "v0/1"])
        #expect(segments[2] == "v1/2")
        #expect(segments.map { $0.split(separator: "/").last! } == ["0", "1", "2", "3", "4"])
        #expect(ending == "end")
    }

    @Test("a segment that stalls (times out) fails over at once, with the default retries: one request for it")
    func failoverOnStall() async throws {
        let fetcher = makeLadder(variants: 2, segments: 5)
        let stalled = URL(string: "http://127.0.0.1/hls/s0_2.ts")!
        fetcher.fail(stalled.path, with: .failed(.network("no data for 4 s", stalled)))
        var configuration = HLSStreamConfiguration()
        configuration.peakBitRate = 300_000
        let (segments, ending) = try await drain(fetcher, configuration: configuration)
        // v1 only as the failover (the cap keeps the ABR on v0); what comes after is the ABR's.
        #expect(segments.prefix(3) == ["v0/0", "v0/1", "v1/2"])
        #expect(segments.map { $0.split(separator: "/").last! } == ["0", "1", "2", "3", "4"])
        #expect(fetcher.log.filter { $0 == stalled.path }.count == 1, "not retried: \(fetcher.log)")
        #expect(ending == "end")
    }

    @Test("with no other variant, a timed-out segment is still retried (the default three tries)")
    func singleVariantRetries() async throws {
        let fetcher = makeLadder(variants: 1, segments: 3)
        let stalled = URL(string: "http://127.0.0.1/hls/s0_1.ts")!
        fetcher.fail(stalled.path, with: .failed(.network("no data for 4 s", stalled)))
        var configuration = HLSStreamConfiguration()
        configuration.retry = RetryingFetch(attempts: 3, step: .zero)
        let (segments, ending) = try await drain(fetcher, configuration: configuration)
        #expect(segments == ["v0/0"])
        #expect(fetcher.log.filter { $0 == stalled.path }.count == 3)
        #expect(ending.hasPrefix("failed"))
    }

    @Test("when every variant fails the stream fails with an error naming the URL")
    func everyVariantFails() async throws {
        let fetcher = makeLadder(variants: 2, segments: 3)
        for variant in 0..<2 {
            let url = URL(string: "http://127.0.0.1/hls/s\(variant)_1.ts")!
            fetcher.fail(url.path, with: .failed(.httpStatus(503, url)))
        }
        var configuration = HLSStreamConfiguration()
        configuration.retry = RetryingFetch(attempts: 1)
        let (segments, ending) = try await drain(fetcher, configuration: configuration)
        #expect(segments == ["v0/0"])
        #expect(ending.hasPrefix("failed: HTTP 503 from http://127.0.0.1/hls/s"))
    }

    @Test("the peak bit rate cap keeps playback on variants within it")
    func peakBitRateCap() async throws {
        let fetcher = makeLadder(variants: 3, segments: 3)
        var configuration = HLSStreamConfiguration()
        configuration.peakBitRate = 650_000
        let (segments, _) = try await drain(fetcher, configuration: configuration, startVariant: 2)
        #expect(segments.allSatisfy { !$0.hasPrefix("v2/") })
    }

    @Test("a small window's viewport keeps playback on the small variant; without one the stream goes higher")
    func viewportCap() async throws {
        // Variants 320x180, 640x180, 960x180 at 300k, 600k, 900k; the default estimate allows 900k.
        let uncapped = try await drain(makeLadder(variants: 3, segments: 4), startVariant: 2).segments
        #expect(uncapped.allSatisfy { $0.hasPrefix("v2/") }, "\(uncapped)")
        var configuration = HLSStreamConfiguration()
        configuration.viewportSize = { Resolution(width: 320, height: 180) }
        let capped = try await drain(
            makeLadder(variants: 3, segments: 4), configuration: configuration, startVariant: 2)
        #expect(capped.segments == ["v0/0", "v0/1", "v0/2", "v0/3"])
    }

    @Test("transient failures are retried after min((n-1) s, 5 s)")
    func retryDelays() {
        let retry = RetryingFetch(attempts: 8)
        #expect(retry.delay(beforeAttempt: 1) == .zero)
        #expect(retry.delay(beforeAttempt: 2) == .seconds(1))
        #expect(retry.delay(beforeAttempt: 4) == .seconds(3))
        #expect(retry.delay(beforeAttempt: 8) == .seconds(5))
        let url = URL(string: "http://h/x")!
        #expect(ResourceFetchError.failed(.httpStatus(503, url)).isTransient)
        #expect(ResourceFetchError.failed(.network("timed out", url)).isTransient)
        #expect(!ResourceFetchError.failed(.notFound(url)).isTransient)
        #expect(!ResourceFetchError.failed(.httpStatus(403, url)).isTransient)
    }
}
