import Foundation
import Spool
import SpoolCore
import SpoolTestSupport
import Testing

/// A seek made while paused, on a file with sound and a long keyframe interval: the paused
/// audio thread takes no packets, so the demuxer must still reach the video's landing frame
/// (found by the IPC client: the seek never completed, and playing on jumped ahead by the
/// time played before the pause). Also the witness of a race: the seek's first packets, queued
/// by the demuxer before the seek discarded the old ones, must survive that discard (the
/// keyframe at 0 is the only one). In virtual time (`VirtualTimePlayback`): the pause, the
/// seek and the resume happen at exact times.
@MainActor
@Suite("Seeking while paused with sound (integration)", .timeLimit(.minutes(3)))
struct PausedSeekIntegrationTests {
    /// 10 s of 320x240 testsrc2 and a tone, one keyframe only (at 0).
    static func longGOPClip() async throws -> Data {
        let path = try PlayTool.scratchPath("paused-seek-long-gop.mp4")
        _ = try await PlayTool.ffmpeg([
            "-y", "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25", "-f", "lavfi", "-i",
            "sine=frequency=440:sample_rate=48000", "-t", "10", "-c:v", "libx264", "-preset", "ultrafast", "-g", "300",
            "-pix_fmt", "yuv420p", "-c:a", "aac", path,
        ])
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    @Test("Paused after 1 s, an exact seek to 6 s completes while paused; playing on goes on from 6 s")
    func seekWhilePausedCompletes() async throws {
        let bytes = try await Self.longGOPClip()
        let playback = VirtualTimePlayback(
            bytes: bytes, fileName: "clip.mp4",
            throttle: ScriptedResponse.Throttle(chunkSize: bytes.count, delay: .seconds(1)), audio: true,
            video: NullVideoOutput())
        defer { playback.finish() }
        let player = playback.player
        await playback.run(until: .seconds(1))
        player.pause()
        let seek = ConditionLock<Bool?>(nil)
        player.seek(to: MediaTime(seconds: 6, preferredTimescale: 1000), toleranceBefore: .zero, toleranceAfter: .zero)
        { finished in seek.update { $0 = finished } }
        // Paused for 2 s: the seek must complete without playing.
        await playback.run(until: .seconds(3))
        #expect(
            await playback.events.wait { $0.contains { if case .seek = $0 { true } else { false } } },
            "the seek did not complete while paused")
        #expect(seek.withLock { $0 } == true)
        #expect(abs(player.currentTime().seconds - 6) < 0.001, "\(player.currentTime().seconds)")
        player.play()
        await playback.run(until: .milliseconds(3500))
        // Half a second past 6 s, not 6 s plus the second played before the pause.
        let now = player.currentTime().seconds
        #expect(abs(now - 6.5) < 0.05, "0.5 s after playing on from 6 s: \(now)")
    }
}
