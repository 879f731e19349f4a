import Foundation
import Spool
import SpoolTestSupport
import Synchronization
import Testing

/// A seek made while paused, on a file with sound and a long keyframe interval: the paused
/// audio thread takes no packets, so the demuxer must still reach the video's landing frame
/// (found by the IPC client: the seek never completed, and playing on jumped ahead by the
/// time played before the pause). Also the witness of a race: the seek's first packets, queued
/// by the demuxer before the seek discarded the old ones, must survive that discard (the
/// keyframe at 0 is the only one).
@MainActor
@Suite("Seeking while paused with sound (integration)", .serialized, .timeLimit(.minutes(1)))
struct PausedSeekIntegrationTests {
    /// 10 s of 320x240 testsrc2 and a tone, one keyframe only (at 0).
    static func longGOPClip() async throws -> URL {
        let path = try PlayTool.scratchPath("paused-seek-long-gop.mp4")
        _ = try await PlayTool.ffmpeg([
            "-y", "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25", "-f", "lavfi", "-i",
            "sine=frequency=440:sample_rate=48000", "-t", "10", "-c:v", "libx264", "-preset", "ultrafast", "-g", "300",
            "-pix_fmt", "yuv420p", "-c:a", "aac", path,
        ])
        return URL(fileURLWithPath: path)
    }

    @Test("Paused after 1 s, an exact seek to 6 s completes while paused; playing on goes on from 6 s")
    func seekWhilePausedCompletes() async throws {
        let player = Player(configuration: EngineConfigurations.timed(video: NullVideoOutput(), audio: true))
        defer { player.replaceCurrentItem(with: nil) }
        let item = PlayerItem(url: try await Self.longGOPClip())
        player.replaceCurrentItem(with: item)
        player.play()
        try await Task.sleep(for: .seconds(1))  // real playback is what breaks it
        player.pause()
        let target = MediaTime(seconds: 6, preferredTimescale: 1000)
        // Polled, not awaited: a seek that never lands must fail the test, not hang the run
        // (cancelling a task group waits for a child stuck in `seek`).
        let outcome = SeekOutcome()
        let landed = Task {
            let finished = await player.seek(to: target, toleranceBefore: .zero, toleranceAfter: .zero)
            outcome.value.withLock { $0 = finished }
        }
        let deadline = ContinuousClock.now.advanced(by: .seconds(10))
        while outcome.value.withLock({ $0 }) == nil && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
        }
        let finished = outcome.value.withLock { $0 }
        if finished == nil {
            player.replaceCurrentItem(with: nil)  // completes the stuck seek with false
            _ = await landed.value
        }
        #expect(finished == true, "the seek did not complete while paused")
        guard finished == true else { return }
        #expect(abs(player.currentTime().seconds - 6) < 0.05, "\(player.currentTime().seconds)")
        let resumed = ContinuousClock.now
        player.play()
        try await Task.sleep(for: .milliseconds(500))
        let now = player.currentTime().seconds
        let played = (ContinuousClock.now - resumed) / .seconds(1)
        // As far past 6 s as real time went on, not 6 s plus the second played before the pause.
        #expect(now >= 6 && now < 6 + played + 0.3, "\(played) s after playing on from 6 s: \(now)")
    }
}

/// A seek's result, written by the task that awaits it and polled by the test.
private final class SeekOutcome: Sendable {
    let value = Mutex<Bool?>(nil)
}
