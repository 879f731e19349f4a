import Foundation
import SpoolCore
import SpoolTestSupport
import Testing

@testable import SpoolHLS

/// RFC 8216bis delivery directives beyond blocking reloads: playlist delta updates
/// (`_HLS_skip`, EXT-X-SKIP), preload hints (EXT-X-PRELOAD-HINT) and rendition reports
/// (EXT-X-RENDITION-REPORT), in the model and in the download loop on a virtual clock.
@Suite("HLS delivery directives: delta updates, preload hints, rendition reports")
struct LiveDeliveryDirectiveTests {
    private static let base = URL(string: "http://127.0.0.1/live/index.m3u8")!

    private static func parse(_ text: String) throws -> MediaPlaylist {
        try parseMedia(text, from: base.absoluteString)
    }

    /// A live playlist of 2-s segments `first...last` (URIs "s<n>.ts"), skipping `skipped`
    /// after the first when asked to, with CAN-SKIP-UNTIL=12.
    private static func live(
        first: Int, last: Int, skipped: Int = 0, removed: String? = nil, extra: String = ""
    ) -> String {
        var text = "#EXTM3U\n#EXT-X-VERSION:9\n#EXT-X-TARGETDURATION:2\n"
        text += "#EXT-X-SERVER-CONTROL:CAN-SKIP-UNTIL=12\n#EXT-X-MEDIA-SEQUENCE:\(first)\n"
        if skipped > 0 {
            text += "#EXT-X-SKIP:SKIPPED-SEGMENTS=\(skipped)"
            text += removed.map { ",RECENTLY-REMOVED-DATERANGES=\"\($0)\"" } ?? ""
            text += "\n"
        }
        text += extra
        for index in (first + skipped)...last { text += "#EXTINF:2.0,\ns\(index).ts\n" }
        return text
    }

    // MARK: The model

    @Test("a delta update made whole equals the full playlist: the skipped segments from the last copy, one timeline")
    func deltaMerges() throws {
        let previous = try Self.parse(Self.live(first: 10, last: 19))
        let delta = try Self.parse(Self.live(first: 11, last: 20, skipped: 6))
        let full = try Self.parse(Self.live(first: 11, last: 20))
        let merged = try #require(delta.applyingDelta(to: previous, skippedDateRanges: false))
        #expect(merged.segments.map(\.mediaSequence) == Array(11...20))
        #expect(merged.segments.map(\.uri) == full.segments.map(\.uri))
        #expect(merged.segments.map(\.startTime) == full.segments.map(\.startTime))
        #expect(merged.skip == nil && merged.nextMediaSequence == 21 && merged.duration == full.duration)
    }

    @Test("a delta update that skips segments the last copy lacks cannot be made whole")
    func deltaNeedsTheSkippedSegments() throws {
        let previous = try Self.parse(Self.live(first: 14, last: 19))
        let delta = try Self.parse(Self.live(first: 11, last: 20, skipped: 6))
        #expect(delta.applyingDelta(to: previous, skippedDateRanges: false) == nil)
        // Four of the six skipped are there, not all: still nothing to merge with.
        let short = try Self.parse(Self.live(first: 11, last: 14))
        #expect(delta.applyingDelta(to: short, skippedDateRanges: false) == nil)
    }

    @Test("a v2 delta keeps the last copy's date ranges, less those listed again or recently removed")
    func deltaKeepsDateRanges() throws {
        let range = { (id: String) in
            #"#EXT-X-DATERANGE:ID="\#(id)",START-DATE="2026-01-01T00:00:0\#(id.count)Z""# + "\n"
        }
        let previous = try Self.parse(Self.live(first: 10, last: 19, extra: range("a") + range("bb") + range("ccc")))
        let delta = try Self.parse(Self.live(first: 11, last: 20, skipped: 6, extra: range("ccc") + range("dddd")))
        let merged = try #require(delta.applyingDelta(to: previous, skippedDateRanges: true))
        #expect(merged.dateRanges.map(\.id) == ["a", "bb", "ccc", "dddd"])
        let removing = try Self.parse(
            Self.live(first: 11, last: 20, skipped: 6, removed: "a", extra: range("dddd")))
        let withoutA = try #require(removing.applyingDelta(to: previous, skippedDateRanges: true))
        #expect(withoutA.dateRanges.map(\.id) == ["bb", "ccc", "dddd"])
        // Asked with YES, the update lists every date range itself.
        let plain = try #require(delta.applyingDelta(to: previous, skippedDateRanges: false))
        #expect(plain.dateRanges.map(\.id) == ["ccc", "dddd"])
    }

    @Test("a delta update is asked for only while the copy is younger than half the skip boundary")
    func deltaOnlyForAFreshCopy() throws {
        let playlist = try Self.parse(Self.live(first: 0, last: 9))
        #expect(playlist.deltaUpdateRequest(age: .seconds(5.9)) == .segments)
        #expect(playlist.deltaUpdateRequest(age: .seconds(6)) == nil)
        let ranges = try Self.parse(
            Self.live(first: 0, last: 9).replacingOccurrences(
                of: "CAN-SKIP-UNTIL=12", with: "CAN-SKIP-UNTIL=12,CAN-SKIP-DATERANGES=YES"))
        #expect(ranges.deltaUpdateRequest(age: .seconds(1)) == .segmentsAndDateRanges)
        let ended = try Self.parse(Self.live(first: 0, last: 9) + "#EXT-X-ENDLIST\n")
        #expect(ended.deltaUpdateRequest(age: .seconds(1)) == nil)
        let plain = try Self.parse(
            Self.live(first: 0, last: 9).replacingOccurrences(of: "#EXT-X-SERVER-CONTROL:CAN-SKIP-UNTIL=12\n", with: "")
        )
        #expect(plain.deltaUpdateRequest(age: .seconds(1)) == nil)
    }

    @Test("directives go after the URL's own query, in the RFC's order; a rendition report asks for its last part")
    func directivesInTheURL() throws {
        let url = URL(string: "http://127.0.0.1/live/v1.m3u8?token=abc")!
        let query = LiveReloadQuery(blockUntil: PartCursor(mediaSequence: 7, part: 2), skip: .segmentsAndDateRanges)
        #expect(query.apply(to: url).absoluteString == url.absoluteString + "&_HLS_msn=7&_HLS_part=2&_HLS_skip=v2")
        #expect(LiveReloadQuery.plain.apply(to: url) == url)
        let leaving = try Self.parse(
            "#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXT-X-PART-INF:PART-TARGET=1\n"
                + "#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES\n#EXT-X-MEDIA-SEQUENCE:3\n#EXTINF:4.0,\ns3.m4s\n"
                + "#EXT-X-RENDITION-REPORT:URI=\"v1.m3u8?token=abc\",LAST-MSN=3,LAST-PART=2\n"
                + "#EXT-X-RENDITION-REPORT:URI=\"v2.m3u8\",LAST-MSN=4\n")
        let switching = try #require(LiveReloadQuery.switching(to: url, from: leaving))
        #expect(switching.apply(to: url).absoluteString == url.absoluteString + "&_HLS_msn=3&_HLS_part=2")
        let whole = try #require(
            LiveReloadQuery.switching(to: URL(string: "http://127.0.0.1/live/v2.m3u8")!, from: leaving))
        #expect(whole.apply(to: URL(string: "http://127.0.0.1/live/v2.m3u8")!).query == "_HLS_msn=4")
        #expect(LiveReloadQuery.switching(to: URL(string: "http://127.0.0.1/live/v3.m3u8")!, from: leaving) == nil)
    }

    // MARK: The download loop, on a virtual clock

    private static func startStream(
        _ fetcher: InMemoryFetcher, url: URL, clock: ManualEngineClock,
        configuration: HLSStreamConfiguration = HLSStreamConfiguration()
    ) throws(HLSError) -> HLSSegmentStream {
        let presentation = try PlaylistLoader(fetcher: fetcher).loadPresentation(
            url, order: { $0.indices.map { $0 } }, pause: { _ in true })
        let stream = HLSSegmentStream(
            presentation: presentation, configuration: configuration, fetcher: fetcher, decryptor: nil,
            clock: clock, consumerBuffered: { .zero })
        stream.start(at: nil)
        return stream
    }

    private static func text(_ event: SegmentStreamEvent?) -> String {
        switch event {
        case .segment(let segment)?: String(decoding: segment.data, as: UTF8.self)
        case let other: "\(String(describing: other))"
        }
    }

    @Test("reloads ask for delta updates and play on without a gap or a repeat; an unmergeable one is loaded whole")
    func deltaUpdatesWhilePlaying() async throws {
        let fetcher = InMemoryFetcher()
        let edge = Locked(9)
        // Origin: a 10-segment window ending at `edge`; a delta skips all but the last four.
        // At edge 15 it answers a delta that skips from a segment the client never saw.
        fetcher.respond("/live/index.m3u8") { url in
            let last = edge.withLock { $0 }
            let first = last - 9
            guard url.query?.contains("_HLS_skip=YES") == true else { return Self.live(first: first, last: last) }
            return Self.live(first: last == 15 ? first - 3 : first, last: last, skipped: last == 15 ? 9 : 6)
        }
        for index in 0..<40 { fetcher.set("/live/s\(index).ts", data: Data("seg/\(index)".utf8)) }
        let clock = ManualEngineClock()
        let received = try await runOnDedicatedThread { () throws(HLSError) -> [String] in
            let stream = try Self.startStream(fetcher, url: Self.base, clock: clock)
            defer { stream.cancel() }
            var received: [String] = []
            // From the live start (three target durations from the end): 7, 8, 9.
            for _ in 0..<3 { received.append(Self.text(stream.next(timeout: .seconds(20)))) }
            for _ in 1...8 {
                edge.withLock { $0 += 1 }
                clock.advance(by: .seconds(2))
                received.append(Self.text(stream.next(timeout: .seconds(20))))
            }
            return received
        }
        #expect(received == (7...17).map { "seg/\($0)" })
        let reloads = fetcher.urls.filter { $0.path.hasSuffix(".m3u8") }.dropFirst()
        let deltas = reloads.filter { $0.query == "_HLS_skip=YES" }
        // Every reload asks for a delta; the one at edge 15 is asked again whole.
        #expect(deltas.count == 8, "\(reloads.map { $0.query ?? "" })")
        #expect(reloads.count == 9 && reloads.filter { $0.query == nil }.count == 1)
    }

    /// An LL playlist: 4 one-second parts per segment, segments `0..<complete` with their
    /// parts listed, `trailing` parts of segment `complete`, a preload hint for the next part.
    private static func lowLatency(complete: Int, trailing: Int, reports: String = "", prefix: String = "") -> String {
        var text = "#EXTM3U\n#EXT-X-VERSION:9\n#EXT-X-TARGETDURATION:4\n#EXT-X-PART-INF:PART-TARGET=1\n"
        text += "#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=2\n#EXT-X-MEDIA-SEQUENCE:0\n"
        for segment in 0..<complete {
            for part in 0..<4 {
                text += "#EXT-X-PART:DURATION=1,URI=\"\(prefix)part-\(segment)-\(part).m4s\",INDEPENDENT=YES\n"
            }
            text += "#EXTINF:4.0,\n\(prefix)seg-\(segment).m4s\n"
        }
        for part in 0..<trailing {
            text += "#EXT-X-PART:DURATION=1,URI=\"\(prefix)part-\(complete)-\(part).m4s\",INDEPENDENT=YES\n"
        }
        text += "#EXT-X-PRELOAD-HINT:TYPE=PART,URI=\"\(prefix)part-\(complete)-\(trailing).m4s\"\n" + reports
        return text
    }

    private static func serveParts(_ fetcher: InMemoryFetcher, path: String, prefix: String = "") {
        for segment in 0..<4 {
            for part in 0..<4 {
                fetcher.set(
                    "\(path)\(prefix)part-\(segment)-\(part).m4s", data: Data("\(prefix)p\(segment).\(part)".utf8))
            }
        }
    }

    @Test("the hinted part is asked for at once, before any reload; the reload after it blocks for the part after")
    func preloadHintIsFetched() async throws {
        let fetcher = InMemoryFetcher()
        let url = URL(string: "http://127.0.0.1/ll/live.m3u8")!
        fetcher.respond("/ll/live.m3u8") { url in
            // Blocking reloads are answered with the part asked for listed.
            guard let query = url.query, query.contains("_HLS_part=3") else {
                return Self.lowLatency(complete: 2, trailing: 2)
            }
            return Self.lowLatency(complete: 2, trailing: 4)
        }
        Self.serveParts(fetcher, path: "/ll/")
        var settings = HLSStreamConfiguration()
        settings.lowLatency = true
        let configuration = settings
        let clock = ManualEngineClock()
        let received = try await runOnDedicatedThread { () throws(HLSError) -> [String] in
            let stream = try Self.startStream(fetcher, url: url, clock: clock, configuration: configuration)
            defer { stream.cancel() }
            return (0..<4).map { _ in Self.text(stream.next(timeout: .seconds(20))) }
        }
        // PART-HOLD-BACK 2 s before the newest part's end (10 s): part 2.0, at 8 s.
        #expect(received == ["p2.0", "p2.1", "p2.2", "p2.3"])
        let requests = fetcher.urls.dropFirst().map { url in url.query.map { "\(url.path)?\($0)" } ?? url.path }
        #expect(
            Array(requests.prefix(5)) == [
                "/ll/part-2-0.m4s", "/ll/part-2-1.m4s", "/ll/part-2-2.m4s", "/ll/live.m3u8?_HLS_msn=2&_HLS_part=3",
                "/ll/part-2-3.m4s",
            ], "\(requests)")
    }

    @Test("a hint the server does not serve is read from the next reload instead, without failing over")
    func unservedHintFallsBackToTheReload() async throws {
        let fetcher = InMemoryFetcher()
        let url = URL(string: "http://127.0.0.1/ll/live.m3u8")!
        fetcher.respond("/ll/live.m3u8") { url in
            url.query?.contains("_HLS_part=2") == true
                ? Self.lowLatency(complete: 2, trailing: 3) : Self.lowLatency(complete: 2, trailing: 2)
        }
        Self.serveParts(fetcher, path: "/ll/")
        // Not held for: a 404 the first time, served once listed.
        let asked = Locked(0)
        fetcher.respond("/ll/part-2-2.m4s") { _ in
            asked.withLock {
                $0 += 1
                return $0 == 1 ? nil : "p2.2"
            }
        }
        var settings = HLSStreamConfiguration()
        settings.lowLatency = true
        settings.retry = RetryingFetch(attempts: 1)
        let configuration = settings
        let clock = ManualEngineClock()
        let (received, failed) = try await runOnDedicatedThread { () throws(HLSError) -> ([String], Int) in
            let stream = try Self.startStream(fetcher, url: url, clock: clock, configuration: configuration)
            defer { stream.cancel() }
            let received = (0..<3).map { _ in Self.text(stream.next(timeout: .seconds(20))) }
            return (received, stream.statistics.failedFetches)
        }
        #expect(received == ["p2.0", "p2.1", "p2.2"])
        let requests = fetcher.urls.dropFirst().map { url in url.query.map { "\(url.path)?\($0)" } ?? url.path }
        // The hint once, then the blocking reload for the same part, then the part as listed.
        #expect(
            Array(requests.prefix(5)) == [
                "/ll/part-2-0.m4s", "/ll/part-2-1.m4s", "/ll/part-2-2.m4s", "/ll/live.m3u8?_HLS_msn=2&_HLS_part=2",
                "/ll/part-2-2.m4s",
            ], "\(requests)")
        // Not counted as the stream failing (which would exclude the variant).
        #expect(failed == 0)
    }

    @Test("switching renditions, the first load of the new one asks for the part its rendition report names")
    func renditionReportOnSwitch() async throws {
        let fetcher = InMemoryFetcher()
        var master = "#EXTM3U\n"
        master += "#EXT-X-STREAM-INF:BANDWIDTH=300000\nv0/live.m3u8\n#EXT-X-STREAM-INF:BANDWIDTH=600000\nv1/live.m3u8\n"
        fetcher.set("/ll/master.m3u8", master)
        let report = "#EXT-X-RENDITION-REPORT:URI=\"../v1/live.m3u8\",LAST-MSN=2,LAST-PART=1\n"
        fetcher.respond("/ll/v0/live.m3u8") { _ in Self.lowLatency(complete: 2, trailing: 2, reports: report) }
        fetcher.respond("/ll/v1/live.m3u8") { _ in Self.lowLatency(complete: 2, trailing: 2) }
        Self.serveParts(fetcher, path: "/ll/v0/")
        Self.serveParts(fetcher, path: "/ll/v1/", prefix: "")
        fetcher.fail(
            "/ll/v0/part-2-1.m4s", with: .failed(.notFound(URL(string: "http://127.0.0.1/ll/v0/part-2-1.m4s")!)))
        var settings = HLSStreamConfiguration()
        settings.lowLatency = true
        settings.retry = RetryingFetch(attempts: 1)
        settings.peakBitRate = 300_000
        let configuration = settings
        let clock = ManualEngineClock()
        let received = try await runOnDedicatedThread { () throws(HLSError) -> [String] in
            let stream = try Self.startStream(
                fetcher, url: URL(string: "http://127.0.0.1/ll/master.m3u8")!, clock: clock,
                configuration: configuration)
            defer { stream.cancel() }
            return (0..<2).map { _ in Self.text(stream.next(timeout: .seconds(20))) }
        }
        #expect(received == ["p2.0", "p2.1"])
        let firstV1 = try #require(fetcher.urls.first { $0.path == "/ll/v1/live.m3u8" })
        #expect(firstV1.query == "_HLS_msn=2&_HLS_part=1")
    }
}
