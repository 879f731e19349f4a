import Foundation
import SpoolCore
import SpoolTestSupport
import Testing

@testable import SpoolHLS

/// At the live edge the download thread has nothing to do until the playlist's reload is
/// due (RFC 8216 §6.3.4). It must sleep until then — on the stream's clock, here a virtual
/// one — instead of looping: a loop that retried at once burned a core on every live stream.
@Suite("HLS live edge: the download thread sleeps until the reload is due")
struct HLSLiveReloadWaitTests {
    /// A live media playlist (2 s target) listing segments `first...last`.
    private static func publish(_ fetcher: InMemoryFetcher, first: Int = 0, through last: Int) {
        var media = "#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXT-X-MEDIA-SEQUENCE:\(first)\n"
        for index in first...last {
            media += "#EXTINF:2.0,\ns_\(index).ts\n"
            fetcher.set("/live/s_\(index).ts", data: Data("seg/\(index)".utf8))
        }
        fetcher.set("/live/index.m3u8", media)
    }

    /// The live playlist loaded and its stream started on `clock`, with nothing held ahead by
    /// a consumer. Blocks: call on a dedicated thread.
    private static func startStream(
        _ fetcher: InMemoryFetcher, clock: ManualEngineClock
    ) throws(HLSError) -> HLSSegmentStream {
        let presentation = try PlaylistLoader(fetcher: fetcher).loadPresentation(
            URL(string: "http://127.0.0.1/live/index.m3u8")!, order: { $0.indices.map { $0 } }, pause: { _ in true })
        let stream = HLSSegmentStream(
            presentation: presentation, configuration: HLSStreamConfiguration(), fetcher: fetcher, decryptor: nil,
            clock: clock, consumerBuffered: { .zero })
        stream.start(at: nil)
        return stream
    }

    private static func segmentText(_ event: SegmentStreamEvent?) -> String? {
        guard case .segment(let segment)? = event else { return nil }
        return String(decoding: segment.data, as: UTF8.self)
    }

    @Test("ten reloads: ten playlist requests, each new segment delivered, at most three wake-ups per reload")
    func sleepsUntilEachReload() async throws {
        let fetcher = InMemoryFetcher()
        Self.publish(fetcher, through: 2)
        let clock = ManualEngineClock()
        let (received, wakeUps) = try await runOnDedicatedThread { () throws(HLSError) -> ([String], Int) in
            let stream = try Self.startStream(fetcher, clock: clock)
            defer { stream.cancel() }
            var received: [String] = []
            // The window listed at the start (three target durations: all of it).
            for _ in 0..<3 {
                guard let text = Self.segmentText(stream.next(timeout: .seconds(20))) else { break }
                received.append(text)
            }
            let atEdge = stream.statistics.downloadLoopWakeUps
            // Each target duration the origin lists one more segment; only then is time moved.
            for step in 1...10 {
                Self.publish(fetcher, first: max(0, step - 2), through: 2 + step)
                clock.advance(by: .seconds(2))
                guard let text = Self.segmentText(stream.next(timeout: .seconds(20))) else { break }
                received.append(text)
            }
            // Parked again at the edge, waiting for the next deadline (a bound, not a timing).
            _ = stream.state.waitForBlockedThread(timeout: .seconds(20))
            return (received, stream.statistics.downloadLoopWakeUps - atEdge)
        }
        #expect(received == (0...12).map { "seg/\($0)" })
        // The loader's first load, then exactly one reload per target duration.
        #expect(fetcher.log.filter { $0.hasSuffix(".m3u8") }.count == 11)
        // Per reload: the wake at the deadline (reload + fetch), then the pass that finds the
        // next segment unlisted; a busy loop makes this thousands.
        #expect(wakeUps <= 30, "\(wakeUps) wake-ups over 10 reloads")
        #expect(wakeUps >= 10)
    }

    @Test("before the reload is due, moving time does not reload; at the deadline it does")
    func noReloadBeforeTheDeadline() async throws {
        let fetcher = InMemoryFetcher()
        Self.publish(fetcher, through: 0)
        let clock = ManualEngineClock()
        let requests = try await runOnDedicatedThread { () throws(HLSError) -> [Int] in
            let stream = try Self.startStream(fetcher, clock: clock)
            defer { stream.cancel() }
            _ = stream.next(timeout: .seconds(20))
            let playlistRequests = { fetcher.log.filter { $0.hasSuffix(".m3u8") }.count }
            _ = stream.state.waitForBlockedThread(timeout: .seconds(20))
            var counts = [playlistRequests()]
            Self.publish(fetcher, through: 1)
            clock.advance(by: .milliseconds(1_999))
            _ = stream.state.waitForBlockedThread(timeout: .seconds(20))
            counts.append(playlistRequests())
            clock.advance(by: .milliseconds(1))
            _ = stream.next(timeout: .seconds(20))
            counts.append(playlistRequests())
            return counts
        }
        #expect(requests == [1, 1, 2])
    }

    @Test("a live playlist that reloads unchanged for 3.5 target durations ends the stream with a message naming it")
    func frozenPlaylistEnds() async throws {
        let fetcher = InMemoryFetcher()
        Self.publish(fetcher, through: 2)
        let clock = ManualEngineClock()
        let (beforeThreshold, ending) = try await runOnDedicatedThread {
            () throws(HLSError) -> (SegmentStreamEvent?, SegmentStreamEvent?) in
            let stream = try Self.startStream(fetcher, clock: clock)
            defer { stream.cancel() }
            for _ in 0..<3 { _ = stream.next(timeout: .seconds(20)) }
            // The origin never lists another segment. Reloads come every half target
            // duration once unchanged; 6 s of them is short of 3.5 × 2 s.
            for _ in 0..<6 {
                clock.advance(by: .seconds(1))
                _ = stream.state.waitForBlockedThread(timeout: .seconds(20))
            }
            let early = stream.next(timeout: .zero)
            clock.advance(by: .seconds(1))
            return (early, stream.next(timeout: .seconds(20)))
        }
        #expect(beforeThreshold == nil, "ended before 7 s unchanged: \(String(describing: beforeThreshold))")
        guard case .failed(let error)? = ending else {
            Issue.record("no failure after 7 s unchanged: \(String(describing: ending))")
            return
        }
        #expect(error == .liveStalled(URL(string: "http://127.0.0.1/live/index.m3u8")!, seconds: 7))
        #expect("\(error)".contains("has not changed for 7 s"), "\(error)")
    }
}
