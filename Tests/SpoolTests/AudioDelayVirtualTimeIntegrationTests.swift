import Foundation
import SpoolCore
import SpoolOutput
import SpoolTestSupport
import Testing

@testable import Spool
@testable import SpoolEngine

/// `Player.audioDelay` moves the audio against the video by exactly the delay, measured from
/// the outputs on the real engine in virtual time: whenever the video output shows a frame, it
/// reads how much of the audio the (null) audio device has played so far (written frames less
/// what its buffer still holds), so each frame gives the audio heard with it.
@MainActor
@Suite("Audio delay, in virtual time (integration)", .timeLimit(.minutes(3)))
struct AudioDelayVirtualTimeIntegrationTests {
    /// A video output that records, for each frame shown, its time and the audio heard then.
    final class HeardWithFrames: VideoOutput, Sendable {
        let name = "heard-with-frames"
        var acceptedPixelFormats: Set<PixelFormat>? { nil }
        let audio = Locked<NullAudioOutput?>(nil)
        /// (the frame's time, the seconds of audio the device had played when it was shown).
        let shown = Locked<[(frame: Double, heard: Double)]>([])

        func present(_ frame: any VideoFrame) throws(VideoOutputError) {
            guard let audio = audio.withLock({ $0 }) else { return }
            let heard = Double(audio.framesWritten) / 48_000 - audio.latency.timeInterval
            shown.withLock { $0.append((frame.presentationTime.seconds, heard)) }
        }

        func stop() {}
    }

    /// Five seconds of 25-fps video and a 48-kHz tone in MPEG-TS.
    static func clip() async throws -> Data {
        let path = try PlayTool.scratchPath("audio-delay-av.ts")
        _ = try await PlayTool.ffmpeg([
            "-y", "-f", "lavfi", "-i", "testsrc=size=160x120:rate=25", "-f", "lavfi", "-i",
            "sine=frequency=440:sample_rate=48000", "-t", "5", "-c:v", "libx264", "-preset", "ultrafast",
            "-pix_fmt", "yuv420p", "-c:a", "aac", "-f", "mpegts", path,
        ])
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    /// The median of (audio heard − the frame's time from the first frame) over the frames
    /// shown from 1 s to 3 s into the clip, with `delay` set before playing (or, when
    /// `changeAt` is set, at that instant while playing).
    static func offset(bytes: Data, delay: Double, changeAt: Duration? = nil) async throws -> Double {
        let clock = AutoAdvancingEngineClock()
        let recorder = HeardWithFrames()
        let makeAudio: @Sendable () -> any AudioOutput = {
            let output = NullAudioOutput(engineClock: clock)
            recorder.audio.withLock { $0 = output }
            return output
        }
        var configuration = PlayerConfiguration(
            makeAudioOutput: makeAudio, videoOutput: recorder, clock: ManualClock())
        configuration.engineClock = clock
        let player = Player(configuration: configuration)
        let item = VirtualTimePlayback.item("audio-delay", bytes: bytes, clock: clock)
        let time = MediaTime(seconds: delay, preferredTimescale: 1_000_000)
        if changeAt == nil { player.audioDelay = time }
        player.replaceCurrentItem(with: item)
        player.play()
        if let changeAt {
            await clock.run(until: changeAt)
            player.audioDelay = time
        }
        await clock.run(until: .seconds(6))
        player.replaceCurrentItem(with: nil)
        clock.stop()
        let shown = recorder.shown.withLock { $0 }
        let first = try #require(shown.first?.frame)
        let offsets = shown.filter { $0.frame - first >= 1 && $0.frame - first <= 3 }
            .map { $0.heard - ($0.frame - first) }.sorted()
        try #require(offsets.count > 20, "\(shown.count) frames shown")
        return offsets[offsets.count / 2]
    }

    @Test("--audio-delay 0.5 and -0.25: the audio heard with each frame moves by the delay, ±10 ms")
    func delayMovesTheAudio() async throws {
        let bytes = try await Self.clip()
        let none = try await Self.offset(bytes: bytes, delay: 0)
        let late = try await Self.offset(bytes: bytes, delay: 0.5)
        let early = try await Self.offset(bytes: bytes, delay: -0.25)
        print("audio-delay offsets: 0 -> \(none), 0.5 -> \(late), -0.25 -> \(early)")
        // Heard with a frame: the audio `delay` before it, i.e. the audio comes `delay` later.
        #expect(abs((none - late) - 0.5) <= 0.01, "moved by \(none - late) s")
        #expect(abs((none - early) + 0.25) <= 0.01, "moved by \(none - early) s")
    }

    @Test("changed while playing (at 0.5 s), the delay applies from then on without a seek")
    func changeWhilePlaying() async throws {
        let bytes = try await Self.clip()
        let none = try await Self.offset(bytes: bytes, delay: 0)
        let late = try await Self.offset(bytes: bytes, delay: 0.5, changeAt: .milliseconds(500))
        print("audio-delay changed while playing: 0 -> \(none), 0.5 -> \(late)")
        #expect(abs((none - late) - 0.5) <= 0.01, "moved by \(none - late) s")
    }
}
