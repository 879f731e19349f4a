import Foundation
import Spool
import SpoolTestSupport
import Testing

/// Item time runs from 0 to the duration for every container, as AVPlayer's does: an MPEG-TS
/// file's timestamps start near 1.4 s (ffmpeg's muxer default), and before, `currentTime()`
/// started there and passed the duration at the end, `seekableTimeRanges` started there, a
/// seek to 1 s landed 0.4 s into the file and a sidecar cue at 0.5 s came out at 1.9 s.
@MainActor
@Suite(
    "Item time from 0 to the duration, whatever the stream's timestamps (integration)", .serialized,
    .timeLimit(.minutes(3)))
struct ItemTimelineIntegrationTests {
    /// Two seconds of MPEG-TS with audio and a keyframe every 12 frames. An MPEG-TS seek lands
    /// on the packet before the target, not on a keyframe (FFmpeg's TS demuxer has no index):
    /// with x264's default GOP, a paused seek into the only GOP decodes nothing to land on.
    private static func transportStreamStart() async throws -> (url: URL, start: Double) {
        let path = try PlayTool.scratchPath("timeline-gop12.ts")
        _ = try await PlayTool.ffmpeg([
            "-f", "lavfi", "-i", "testsrc=size=160x120:rate=25", "-f", "lavfi", "-i",
            "sine=frequency=440:sample_rate=48000",
            "-t", "2", "-c:v", "libx264", "-preset", "ultrafast", "-g", "12", "-pix_fmt", "yuv420p", "-c:a", "aac",
            "-f", "mpegts", path,
        ])
        let url = URL(fileURLWithPath: path)
        return (url, try await PlayTool.ffmpegProbeStartTime(of: url))
    }

    @Test("ready, paused: time 0, seekable from 0 for the duration; exact seeks land on item time")
    func readyAtZeroAndSeeks() async throws {
        let (url, start) = try await Self.transportStreamStart()
        #expect(start > 1, "the fixture's timestamps start at \(start) s: the case this suite is about")
        let player = Player(configuration: EngineConfigurations.timed(video: NullVideoOutput(), audio: true))
        defer { player.replaceCurrentItem(with: nil) }
        let item = PlayerItem(url: url)
        player.replaceCurrentItem(with: item)
        #expect(await eventually(timeout: .seconds(90)) { item.status == .readyToPlay })
        // Zero within a microsecond: the audio's anchor is on its 48-kHz grid, a third of a
        // microsecond off the 90-kHz origin when it lands first (seen under load); the bug this
        // suite is about is the 1.4-s first timestamp.
        #expect(abs(player.currentTime().seconds) < 0.000_001, "\(player.currentTime().seconds)")
        let duration = item.duration
        #expect(abs(duration.seconds - 2) < 0.1, "\(duration.seconds)")
        #expect(item.seekableTimeRanges == [TimeRange(start: .zero, duration: duration)])

        let second = MediaTime(value: 1, timescale: 1)
        #expect(await player.seek(to: second, toleranceBefore: .zero, toleranceAfter: .zero))
        #expect(player.currentTime() == second, "\(player.currentTime().seconds)")
        #expect(await player.seek(toFraction: 0.25))
        #expect(abs(player.currentTime().seconds - duration.seconds / 4) < 0.05, "\(player.currentTime().seconds)")
    }

    @Test("played to its end, the time stops at the duration, not at the duration plus the first timestamp")
    func endsAtDuration() async throws {
        let (url, _) = try await Self.transportStreamStart()
        // Timed: untimed, the clock runs on the wall clock while decoding races ahead, so the
        // time at the end is how long the run took on a loaded machine.
        let player = Player(configuration: EngineConfigurations.timed(video: NullVideoOutput(), audio: true))
        defer { player.replaceCurrentItem(with: nil) }
        let item = PlayerItem(url: url)
        var ended = false
        let observer = NotificationCenter.default.addObserver(
            forName: PlayerItem.didPlayToEndTimeNotification, object: item, queue: nil
        ) { _ in MainActor.assumeIsolated { ended = true } }
        defer { NotificationCenter.default.removeObserver(observer) }
        player.replaceCurrentItem(with: item)
        player.play()
        #expect(await eventually(timeout: .seconds(90)) { ended })
        let end = player.currentTime().seconds
        // The clock follows the audio written, which ends with the item: within half a second
        // (the stream's first timestamp, which it ran past before, is 1.4 s).
        #expect(abs(end - item.duration.seconds) < 0.5, "\(end) of \(item.duration)")
    }

    @Test("a sidecar cue at 0.5 s is delivered at 0.5 s of item time")
    func sidecarCueOnItemTime() async throws {
        let (url, _) = try await Self.transportStreamStart()
        let subtitles = try TestMedia.file(
            named: "timeline.srt", contents: Data("1\n00:00:00,500 --> 00:00:01,250\nHalf a second in\n".utf8))
        let player = Player(
            configuration: EngineConfigurations.untimed(wavPrefix: try PlayTool.scratchPath("timeline-cue"), video: nil)
        )
        defer { player.replaceCurrentItem(with: nil) }
        let item = PlayerItem(url: url)
        item.externalSubtitleURL = subtitles
        let output = PlayerItemLegibleOutput()
        item.add(output)
        let cues = StreamRecorder(output.cues)
        defer { cues.stop() }
        player.replaceCurrentItem(with: item)
        player.play()
        #expect(await cues.wait(timeout: .seconds(90)) { !$0.isEmpty })
        let cue = try #require(cues.elements.first)
        #expect(cue.start == MediaTime(value: 500, timescale: 1000), "\(cue.start.seconds)")
        #expect(cue.end == MediaTime(value: 1250, timescale: 1000), "\(cue.end.seconds)")
    }
}
