import Foundation
import SpoolCore
import SpoolOutput
import SpoolTestSupport
import Testing

@testable import Spool

/// The seeks of the IPC session (`Tests/IPCClients/session.py`), on the real engine in
/// virtual time: its clip (8 s of testsrc and a tone, libx264's default GOP: one keyframe,
/// B-frames), an exact seek to 2 s while playing, a pause, an exact seek to 4 s paused, and
/// play again. Each completes once with `finished` (the IPC's playback-restart), on its
/// frame, and the clock then runs from where it landed, not ahead of it.
@MainActor
@Suite("Seeks mid-playback of an audio+video file, in virtual time (integration)", .timeLimit(.minutes(3)))
struct MidPlaybackSeekVirtualTimeIntegrationTests {
    /// The IPC session's clip.
    static func clip() async throws -> Data {
        let path = try PlayTool.scratchPath("mid-playback-seek.mp4")
        _ = try await PlayTool.ffmpeg([
            "-f", "lavfi", "-i", "testsrc=size=160x120:rate=25:duration=8", "-f", "lavfi", "-i",
            "sine=frequency=440:duration=8", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", "-y",
            path,
        ])
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    @Test("a seek while playing and one while paused each complete on their frame; the clock runs on from there")
    func seeksComplete() async throws {
        let bytes = try await Self.clip()
        let presented = Locked<[Double]>([])
        let video = NullVideoOutput { frame in presented.withLock { $0.append(frame.presentationTime.seconds) } }
        let playback = VirtualTimePlayback(
            bytes: bytes, fileName: "clip.mp4",
            throttle: ScriptedResponse.Throttle(chunkSize: 64_000, delay: .zero, firstChunkSize: bytes.count),
            audio: true, video: video)
        defer { playback.finish() }
        await playback.run(until: .seconds(1))
        let id = playback.item.id
        func seeks(to seconds: Double) -> [Bool] {
            playback.events.elements.compactMap { event in
                guard case .seek(id, let target, _, let finished) = event, target.seconds == seconds else { return nil }
                return finished
            }
        }

        // Playing: an exact seek to 2 s.
        var shown = presented.withLock { $0.count }
        let playing = ConditionLock<[Bool]>([])
        playback.player.seek(
            to: MediaTime(seconds: 2, preferredTimescale: 1000), toleranceBefore: .zero, toleranceAfter: .zero
        ) {
            finished in playing.update { $0.append(finished) }
        }
        await playback.run(until: .milliseconds(1500))
        #expect(await playback.events.wait(timeout: .seconds(10)) { _ in !seeks(to: 2).isEmpty })
        #expect(seeks(to: 2) == [true] && playing.withLock { $0 } == [true], "\(seeks(to: 2))")
        #expect(presented.withLock { $0.dropFirst(shown).first } == 2.0, "the first frame after the seek")
        // Half a second of virtual time after the seek, the clock reads half a second past 2 s.
        let afterPlayingSeek = playback.player.currentTime().seconds
        #expect(abs(afterPlayingSeek - 2.5) < 0.05, "0.5 s after seeking to 2 s while playing: \(afterPlayingSeek)")

        // Paused: an exact seek to 4 s completes without play().
        playback.player.pause()
        await playback.run(until: .seconds(2))
        shown = presented.withLock { $0.count }
        let paused = ConditionLock<[Bool]>([])
        playback.player.seek(
            to: MediaTime(seconds: 4, preferredTimescale: 1000), toleranceBefore: .zero, toleranceAfter: .zero
        ) {
            finished in paused.update { $0.append(finished) }
        }
        await playback.run(until: .seconds(3))
        #expect(await playback.events.wait(timeout: .seconds(10)) { _ in !seeks(to: 4).isEmpty })
        #expect(seeks(to: 4) == [true] && paused.withLock { $0 } == [true], "\(seeks(to: 4))")
        #expect(presented.withLock { $0.dropFirst(shown).first } == 4.0, "the frame shown paused")
        #expect(playback.player.currentTime().seconds == 4.0)

        // Played again, the clock runs from 4 s.
        playback.player.play()
        await playback.run(until: .milliseconds(3500))
        let afterPlay = playback.player.currentTime().seconds
        #expect(abs(afterPlay - 4.5) < 0.05, "0.5 s after playing from 4 s: \(afterPlay)")
    }
}
