import Foundation
import Spool
import SpoolCore
import SpoolTestSupport
import Testing

/// A start position sought while the item opens (`spool play --start`), then a pause before
/// the seek's first frame is out: the playhead is the target, never a time the picture never
/// reached. Found in CI on a loaded machine: the clock ran from the target while the first
/// frame was still on its way, the pause stopped it 0.267 s past the target, and the landing
/// frame then moved the paused playhead back to the target (two screenshots of one pause got
/// two times). In virtual time (`VirtualTimePlayback`): the seek's bytes arrive 1 s late.
@MainActor
@Suite("A pause before a start position's first frame (integration)", .timeLimit(.minutes(3)))
struct StartPositionPauseIntegrationTests {
    /// 10 s of 320x240 testsrc2 and a tone, a keyframe every second, its index at the front
    /// (opening reads from offset 0 only; the seek reads from later on).
    static func clip() async throws -> Data {
        let path = try PlayTool.scratchPath("start-position-pause.mp4")
        _ = try await PlayTool.ffmpeg([
            "-y", "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25", "-f", "lavfi", "-i",
            "sine=frequency=440:sample_rate=48000", "-t", "10", "-c:v", "libx264", "-preset", "ultrafast", "-g", "25",
            "-pix_fmt", "yuv420p", "-c:a", "aac", "-movflags", "+faststart", path,
        ])
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    @Test(
        "Paused while the start position's bytes are late: the playhead stays on the target, before and after it lands")
    func pauseBeforeTheFirstFrameReportsTheTarget() async throws {
        let bytes = try await Self.clip()
        // The open reads from 0 at once; any later offset (the seek) gets one byte, then the
        // rest a second later.
        let playback = VirtualTimePlayback(
            bytes: bytes, fileName: "clip.mp4",
            throttleFor: { offset in
                offset == 0
                    ? ScriptedResponse.Throttle(chunkSize: bytes.count, delay: .zero)
                    : ScriptedResponse.Throttle(chunkSize: bytes.count, delay: .seconds(1), firstChunkSize: 1)
            }, audio: true, video: NullVideoOutput())
        defer { playback.finish() }
        let player = playback.player
        let target = MediaTime(seconds: 6, preferredTimescale: 1000)
        let seek = ConditionLock<Bool?>(nil)
        player.seek(to: target, toleranceBefore: .zero, toleranceAfter: .zero) { finished in
            seek.update { $0 = finished }
        }
        await playback.run(until: .milliseconds(400))
        // The engine reported readiness at the open; the main actor may see it a little later.
        #expect(
            await playback.events.wait { $0.contains { if case .readyToPlay = $0 { true } else { false } } },
            "the item is not open yet: the pause would not fall between the open and the first frame")
        #expect(seek.withLock { $0 } == nil, "the seek completed before the pause: nothing was late")
        #expect(player.currentTime().seconds == 6, "before the first frame: \(player.currentTime().seconds)")
        player.pause()
        let paused = player.currentTime()
        await playback.run(until: .seconds(3))
        #expect(await playback.events.wait { $0.contains { if case .seek = $0 { true } else { false } } })
        #expect(seek.withLock { $0 } == true)
        #expect(paused.seconds == 6, "paused before the first frame: \(paused.seconds)")
        #expect(player.currentTime().seconds == 6, "paused on the landing frame: \(player.currentTime().seconds)")
    }
}
