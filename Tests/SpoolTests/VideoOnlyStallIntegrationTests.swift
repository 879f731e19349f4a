import Foundation
import Spool
import SpoolTestSupport
import Testing

/// Stalls of an item without audio, on the real engine in virtual time (`VirtualTimePlayback`):
/// a video-only progressive download that arrives in bursts slower than real time (3 s of
/// media to open and start, then 0.4 s every second). With no audio thread to notice, the clock
/// used to run on past the missing frames: no stall was reported, and the frames were dropped
/// as late when they came.
@MainActor
@Suite("Stalls of a video-only item (integration)", .timeLimit(.minutes(3)))
struct VideoOnlyStallIntegrationTests {
    /// 20 s of 320x240 video at 25 fps and about 200 kb/s in Matroska (whose header says what
    /// the probe needs: an MPEG-TS is probed for seconds of media), no audio.
    static func videoOnlyClip() async throws -> Data {
        let path = try PlayTool.scratchPath("stall-video-only.mkv")
        _ = try await PlayTool.ffmpeg([
            "-y", "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25:duration=20", "-an", "-c:v", "libx264",
            "-preset", "ultrafast", "-b:v", "200k", "-maxrate", "200k", "-bufsize", "200k", "-g", "25",
            "-pix_fmt", "yuv420p", "-f", "matroska", path,
        ])
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    /// Plays `bytes` served by `throttle` for `duration` of virtual time.
    static func play(
        _ bytes: Data, throttle: ScriptedResponse.Throttle, for duration: Duration, expecting: (begun: Int, ended: Int)
    ) async -> (
        stalls: (begun: Int, ended: Int), statistics: PlaybackStatistics, position: Double
    ) {
        let playback = VirtualTimePlayback(
            bytes: bytes, fileName: "video.mkv", throttle: throttle, audio: false, video: NullVideoOutput())
        defer { playback.finish() }
        await playback.run(until: duration)
        return (
            await playback.stallEvents(expecting: expecting), playback.statistics, playback.player.currentTime().seconds
        )
    }

    @Test("a video-only download that runs dry stalls (reported, the clock held) and plays on when data comes")
    func dryDownloadStalls() async throws {
        let bytes = try await Self.videoOnlyClip()
        let perSecond = bytes.count / 20
        // 3 s ahead at the start, +0.4 s per second: dry at about 5 s; waiting for the buffer
        // (2 s ahead) ends that stall about 5 s later, and 2 s ahead, drained at 0.6 s per second,
        // run dry again at about 12.6 s: by 14 s two stalls have begun and one has ended.
        let run = await Self.play(
            bytes,
            throttle: ScriptedResponse.Throttle(
                chunkSize: perSecond * 2 / 5, delay: .seconds(1), firstChunkSize: perSecond * 3),
            for: .seconds(14), expecting: (2, 1))
        #expect(run.stalls == (2, 1), "\(run.stalls) stalls: \(run.statistics) at \(run.position) s")
        // Held, not run past: every frame that came after the stall was shown, none dropped.
        #expect(run.statistics.framesDropped == 0, "\(run.statistics.framesDropped) frames dropped")
        #expect(run.statistics.stallTime > 3, "\(run.statistics)")
    }

    @Test("the same clip with every byte at once never stalls")
    func localFileDoesNotStall() async throws {
        let bytes = try await Self.videoOnlyClip()
        let run = await Self.play(
            bytes, throttle: ScriptedResponse.Throttle(chunkSize: bytes.count, delay: .seconds(1)), for: .seconds(3),
            expecting: (0, 0))
        #expect(run.stalls == (0, 0), "\(run.stalls) stalls: \(run.statistics)")
        // 3 s at 25 fps: the frames of 0 ... 2.96 s, each on time.
        #expect(run.statistics.framesPresented >= 74, "\(run.statistics)")
        #expect(run.statistics.framesDropped == 0, "\(run.statistics)")
    }
}
