import Foundation
import SpoolCore
import SpoolOutput
import SpoolTestSupport
import Testing

@testable import Spool
@testable import SpoolEngine

/// Untimed playback (`spool play --untimed`, `PlayerConfiguration.isUntimed`) runs as fast as
/// it decodes, but a pause still holds it: the first frame is shown and the playhead stays put
/// until play. Before, untimed playback ignored rate 0: `spool play --pause --untimed` wrote
/// all 50 frames of its clip with no command sent, and the playhead ran on with the audio.
/// On the real engine; the item's download and the engine's waits are on a virtual clock, so
/// "nothing more while paused" is read with every engine thread blocked at a known instant.
@MainActor
@Suite("Untimed playback holds a pause, virtual time (integration)", .timeLimit(.minutes(3)))
struct UntimedPauseVirtualTimeIntegrationTests {
    /// A video output that counts the frames it was given.
    final class FrameCounter: VideoOutput, Sendable {
        let name = "count"
        var acceptedPixelFormats: Set<PixelFormat>? { nil }
        let times = Locked<[Double]>([])

        func present(_ frame: any VideoFrame) throws(VideoOutputError) {
            times.withLock { $0.append(frame.presentationTime.seconds) }
        }

        func stop() {}
    }

    /// Two seconds of 25-fps video (50 frames) and a 48-kHz tone in MP4.
    static func clip() async throws -> Data {
        let path = try PlayTool.scratchPath("untimed-pause-av.mp4")
        _ = try await PlayTool.ffmpeg([
            "-y", "-f", "lavfi", "-i", "testsrc=size=160x120:rate=25", "-f", "lavfi", "-i",
            "sine=frequency=440:sample_rate=48000", "-t", "2", "-c:v", "libx264", "-preset", "ultrafast",
            "-g", "25", "-pix_fmt", "yuv420p", "-c:a", "aac", path,
        ])
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    @Test("paused: one frame and a still playhead, a paused seek shows its landing frame only; play: every frame")
    func pauseHoldsUntimedPlayback() async throws {
        let bytes = try await Self.clip()
        let clock = AutoAdvancingEngineClock()
        let frames = FrameCounter()
        let audio = Locked<NullAudioOutput?>(nil)
        let makeAudio: @Sendable () -> any AudioOutput = {
            let output = NullAudioOutput(clock: ManualClock(), timed: false)
            audio.withLock { $0 = output }
            return output
        }
        var configuration = PlayerConfiguration(
            makeAudioOutput: makeAudio, videoOutput: frames, isUntimed: true, clock: ManualClock())
        configuration.engineClock = clock
        let player = Player(configuration: configuration)
        let events = StreamRecorder(player.itemEvents())
        let item = VirtualTimePlayback.item("untimed-pause", bytes: bytes, clock: clock)
        player.replaceCurrentItem(with: item)
        defer {
            player.replaceCurrentItem(with: nil)
            clock.stop()
        }

        // Never played: the first frame, and at most the first audio buffer (1,024 AAC frames).
        await clock.run(until: .seconds(1))
        #expect(frames.times.withLock { $0 } == [0])
        let writtenPaused = audio.withLock { $0?.framesWritten } ?? -1
        #expect((0...1024).contains(writtenPaused), "\(writtenPaused) audio frames written while paused")
        let pausedAt = player.currentTime()
        #expect(pausedAt.seconds < 0.03, "playhead \(pausedAt.seconds) s while paused")
        await clock.run(until: .seconds(2))
        #expect(frames.times.withLock { $0.count } == 1)
        #expect(player.currentTime() == pausedAt)

        // A paused exact seek completes and shows its landing frame, and nothing after it.
        var outcome: Bool?
        player.seek(to: MediaTime(seconds: 1, preferredTimescale: 1000), toleranceBefore: .zero, toleranceAfter: .zero)
        { outcome = $0 }
        await clock.run(until: .seconds(3))
        #expect(await eventually(timeout: .seconds(5)) { outcome != nil })
        #expect(outcome == true)
        #expect(frames.times.withLock { $0 } == [0, 1])
        #expect(abs(player.currentTime().seconds - 1) < 0.001, "playhead \(player.currentTime().seconds) s")

        // Play: the rest at once, to the end.
        player.play()
        await clock.run(until: .seconds(4))
        let id = item.id
        #expect(await events.wait { $0.contains(.didPlayToEnd(itemID: id)) })
        let shown = frames.times.withLock { $0 }
        #expect(shown.count == 2 + 24, "\(shown.count) frames: \(shown)")
        #expect(shown.last.map { abs($0 - 1.96) < 0.001 } == true, "last \(shown.last ?? -1)")
    }
}
