import Foundation
import Spool
import SpoolTestSupport
import Testing

/// Stalls of an item with audio and B-frame video, found from the video side, on the real
/// engine in virtual time (`VirtualTimePlayback`). The decoder holds back the frames before a
/// missing packet (it reorders), so when a download runs dry the last frames before the gap
/// are not out while the audio still plays on to the end of its data. Found by the audio
/// alone, the stall came after those frames were due, and they were dropped as late when the
/// data came (the `hlsThroughAnOutage` known issue: 1 to 3 frames at each stall).
@MainActor
@Suite("Stalls found from the video side, with audio (integration)", .timeLimit(.minutes(3)))
struct VideoSideStallIntegrationTests {
    /// 20 s of 320x240 video at 25 fps with B-frames (x264's veryfast: 3, pyramid) and a tone,
    /// about 260 kb/s in Matroska, the audio interleaved 0.7 s ahead of the video at the same
    /// byte, as ffmpeg's MPEG-TS muxer (and so HLS segments) writes it in bunches. (Matroska
    /// because an MPEG-TS is probed for seconds of media.)
    static func clip() async throws -> Data {
        let path = try PlayTool.scratchPath("stall-video-side.mkv")
        _ = try await PlayTool.ffmpeg([
            "-y", "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25:duration=20", "-f", "lavfi", "-i",
            "sine=frequency=440:duration=20", "-c:v", "libx264", "-preset", "veryfast", "-b:v", "200k", "-maxrate",
            "200k", "-bufsize", "200k", "-g", "25", "-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "48k",
            "-audio_preload", "700000", "-f", "matroska", path,
        ])
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    @Test("a download that runs dry stalls before the video's last frames are due: none dropped, all shown")
    func noFrameDroppedAtAStall() async throws {
        let bytes = try await Self.clip()
        let perSecond = bytes.count / 20
        // 3 s ahead at the start, then 0.4 s of media per second: dry at about 5 s, resumed
        // when 2 s are ahead, dry again at about 12.6 s.
        let playback = VirtualTimePlayback(
            bytes: bytes, fileName: "clip.mkv",
            throttle: ScriptedResponse.Throttle(
                chunkSize: perSecond * 2 / 5, delay: .seconds(1), firstChunkSize: perSecond * 3),
            audio: true, video: NullVideoOutput())
        defer { playback.finish() }
        await playback.run(until: .seconds(14))
        let stalls = await playback.stallEvents(expecting: (2, 1))
        let statistics = playback.statistics
        #expect(stalls == (2, 1), "\(stalls) stalls: \(statistics)")
        // Held where the clock was when the next frame was due: every frame after the stall
        // was shown, none dropped as late.
        #expect(statistics.framesDropped == 0, "\(statistics.framesDropped) frames dropped: \(statistics)")
        #expect(statistics.stallTime > 3, "\(statistics)")
    }
}
