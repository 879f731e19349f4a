import Foundation
import Spool
import SpoolCore
import SpoolTestSupport
import Testing

/// A file whose audio ends before its video (2 s of sound in 4 s of picture). The audio
/// thread took the empty queue after its own end for a stall, stopped the clock and waited
/// for data that never came: the picture froze at 2 s and `spool play` never ended. In virtual
/// time (`VirtualTimePlayback`).
@MainActor
@Suite("Audio shorter than the video (integration)", .timeLimit(.minutes(3)))
struct AudioShorterThanVideoIntegrationTests {
    @Test("The video plays on after the audio's end, and the item ends with it: no stall")
    func videoOutlivesTheAudio() async throws {
        let path = try PlayTool.scratchPath("audio-shorter-than-video.mp4")
        _ = try await PlayTool.ffmpeg([
            "-y", "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25", "-f", "lavfi", "-i",
            "sine=frequency=440:sample_rate=48000:duration=2", "-t", "4", "-c:v", "libx264", "-preset", "ultrafast",
            "-pix_fmt", "yuv420p", "-c:a", "aac", "-movflags", "+faststart", path,
        ])
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let playback = VirtualTimePlayback(
            bytes: bytes, fileName: "clip.mp4",
            throttle: ScriptedResponse.Throttle(chunkSize: bytes.count, delay: .zero), audio: true,
            video: NullVideoOutput())
        defer { playback.finish() }
        await playback.run(until: .seconds(3))
        let playing = playback.player.currentTime().seconds
        #expect(playing > 2.8, "a second after the audio's end the playhead stands at \(playing) s")
        await playback.run(until: .milliseconds(4500))
        #expect(await playback.playedToEnd(), "the item did not end with its video: \(playback.events.elements)")
        #expect(playback.statistics.stalls == 0)
    }
}
