import Foundation
import SpoolCore
import SpoolTestSupport
import Testing

@testable import SpoolHLS

/// The level the download thread chooses variants by must count a segment the consumer has
/// taken but not yet demuxed: on a loaded machine the choice was made in that moment, on a
/// level a whole segment low, and stepped down to the lowest variant for one segment
/// (`make bench-hls`, steady 3 Mb/s: variants 1, 2, 0, 2, 2…).
@Suite("HLS forward buffer level")
struct ForwardBufferLevelTests {
    @Test("a segment handed after playback started counts until the consumer's measure covers it")
    func handedSegmentCountsAsPlayedFromTheHandOff() {
        var level = ForwardBufferLevel()
        level.queued(seconds: 2)
        level.queued(seconds: 2)
        // The consumer held 0.7 s when it took the first queued segment at t = 10 s.
        level.handed(seconds: 2, started: true, consumer: .milliseconds(700), at: .seconds(10))
        // It has not demuxed a packet of it yet: its measure is still 0.7 s.
        #expect(level.seconds(consumer: .milliseconds(700), started: true, at: .seconds(10)) == 2 + 2.7)
        // Played at normal speed: 0.5 s later, 2.2 s of handed media are left.
        #expect(abs(level.seconds(consumer: .milliseconds(200), started: true, at: .milliseconds(10_500)) - 4.2) < 1e-9)
        // Once the consumer's own measure is higher (it demuxed ahead), that counts.
        #expect(level.seconds(consumer: .seconds(3), started: true, at: .milliseconds(10_500)) == 5)
        // Fully played out: only the queue is left.
        #expect(level.seconds(consumer: .zero, started: true, at: .seconds(20)) == 2)
    }

    @Test("segments handed one after another add up; none is counted twice once queued")
    func consecutiveHandOffsAddUp() {
        var level = ForwardBufferLevel()
        for _ in 0..<3 { level.queued(seconds: 2) }
        level.handed(seconds: 2, started: true, consumer: .seconds(1), at: .seconds(5))
        level.handed(seconds: 2, started: true, consumer: .seconds(1), at: .seconds(5))
        // 1 s held + two handed segments; one still queued.
        #expect(level.seconds(consumer: .seconds(1), started: true, at: .seconds(5)) == 2 + 5)
    }

    @Test("before playback starts, every handed segment is ahead however much time passes")
    func beforeStartNothingIsPlayed() {
        var level = ForwardBufferLevel()
        level.queued(seconds: 4)
        level.handed(seconds: 4, started: false, consumer: .zero, at: .zero)
        #expect(level.seconds(consumer: .zero, started: false, at: .seconds(60)) == 4)
        #expect(level.seconds(consumer: .seconds(5), started: false, at: .seconds(60)) == 5)
    }

    @Test("the stream counts the segment its consumer takes, before the consumer has read any of it")
    func streamCountsTheTakenSegment() async throws {
        let fetcher = makeLadder(variants: 1, segments: 4)
        let clock = ManualEngineClock()
        let consumer = Locked<Duration>(.milliseconds(500))
        let levels = try await runOnDedicatedThread { () throws(HLSError) -> (Double, Double, Double) in
            let presentation = try PlaylistLoader(fetcher: fetcher).loadPresentation(
                URL(string: "http://127.0.0.1/hls/master.m3u8")!, order: { $0.indices.map { $0 } },
                pause: { _ in true })
            let stream = HLSSegmentStream(
                presentation: presentation, configuration: HLSStreamConfiguration(), fetcher: fetcher,
                decryptor: nil, clock: clock, consumerBuffered: { consumer.withLock { $0 } })
            stream.start(at: nil)
            defer { stream.cancel() }
            _ = stream.next(timeout: .seconds(20))
            // The worker queued the rest of the VOD (it all fits the forward buffer) and waits.
            _ = stream.state.waitForBlockedThread(timeout: .seconds(20))
            func level() -> Double {
                let now = clock.now()
                let held = consumer.withLock { $0 }
                return stream.state.withLock { $0.level.seconds(consumer: held, started: true, at: now) }
            }
            let atHandOff = level()
            clock.advance(by: .seconds(1))
            consumer.withLock { $0 = .zero }
            let aSecondLater = level()
            consumer.withLock { $0 = .seconds(4) }
            let demuxed = level()
            return (atHandOff, aSecondLater, demuxed)
        }
        // Three segments queued (6 s) + 0.5 s held + the 2 s segment taken.
        #expect(levels.0 == 8.5)
        #expect(levels.1 == 7.5)
        #expect(levels.2 == 10)
    }
}
