import Foundation
import Spool
import SpoolCore
import SpoolTestSupport
import Testing

/// The stall detector on the real engine, in virtual time (`VirtualTimePlayback`): waiting
/// for the first data of a seek is not a stall (issue 14); running dry after data played still
/// is (`StallWaitingVirtualTimeIntegrationTests`).
@MainActor
@Suite("Stalls: none before a seek's first data (integration)", .timeLimit(.minutes(3)))
struct StallBeforeDataIntegrationTests {
    /// How long a seek's data is held back: far longer than the 100 ms that makes a stall.
    nonisolated static let seekDataDelay = Duration.milliseconds(1500)

    /// 60 s of 48 kHz stereo PCM (11.5 MB, no encoding to wait for).
    static func tone() async throws -> Data {
        let path = try PlayTool.scratchPath("stall-seek.wav")
        _ = try await PlayTool.ffmpeg([
            "-y", "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=60", "-ac", "2", "-c:a",
            "pcm_s16le", path,
        ])
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    /// The second half's bytes come only after `seekDataDelay`: a response starting there
    /// gets one byte at once and the rest later, and one starting before it gets the first half
    /// at once and the rest later, so a seek into the second half waits for its data whether
    /// the source reads on or starts a new response.
    nonisolated static func heldSecondHalf(count: Int) -> @Sendable (Int) -> ScriptedResponse.Throttle {
        { start in
            let half = count / 2
            return ScriptedResponse.Throttle(
                chunkSize: count, delay: seekDataDelay, firstChunkSize: start >= half ? 1 : half - start)
        }
    }

    @Test("a seek whose data arrives late reports no stall: it waits for its first packet, then plays")
    func slowSeekIsNotAStall() async throws {
        let bytes = try await Self.tone()
        let playback = VirtualTimePlayback(
            bytes: bytes, fileName: "tone.wav", throttleFor: Self.heldSecondHalf(count: bytes.count), audio: true,
            configure: { item in
                // A short forward buffer: the seek target (50 s, 9.6 MB in) is far beyond what is read ahead.
                item.preferredForwardBufferDuration = 2
            })
        defer { playback.finish() }
        await playback.run(until: .seconds(1))
        #expect(await playback.events.wait { $0.contains(.timeControlStatus(.playing)) })
        let finished = ConditionLock<Bool?>(nil)
        playback.player.seek(
            to: MediaTime(seconds: 50, preferredTimescale: 1000), toleranceBefore: .zero, toleranceAfter: .zero
        ) { done in finished.update { $0 = done } }
        await playback.run(until: .seconds(5))
        // The completion reaches the main actor after the engine landed (later under load).
        #expect(
            await playback.events.wait { $0.contains { if case .seek = $0 { true } else { false } } },
            "the seek did not finish by 5 s")
        #expect(finished.withLock { $0 } == true)
        #expect(playback.statistics.stalls == 0)
        let stalls = await playback.stallEvents(expecting: (0, 0))
        #expect(stalls == (0, 0), "stalled while waiting for the seek's data: \(playback.events.elements)")
        // The seek's data came at 2.5 s (asked for at 1 s, held back 1.5 s): from then on it
        // played from the target. Not waiting for it would be 4 s past the target; stalling
        // and resuming the same 2.5 s.
        let position = playback.player.currentTime().seconds
        let dataCame = Duration.seconds(1) + Self.seekDataDelay
        #expect(abs(position - (50 + (Duration.seconds(5) - dataCame).timeInterval)) < 0.05, "at \(position) s")
    }
}
