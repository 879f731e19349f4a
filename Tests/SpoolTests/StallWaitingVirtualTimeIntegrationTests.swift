import Foundation
import Spool
import SpoolTestSupport
import Testing

/// `automaticallyWaitsToMinimizeStalling` on the real engine in virtual time: every pipeline
/// thread, the null audio device and the download run on one `AutoAdvancingEngineClock`, so
/// 12 s of a download slower than real time play out in milliseconds, the same way on an idle
/// or a saturated machine, and the stalls are counted exactly. (The real-time version,
/// `StallWaitingIntegrationTests`, ran 12 s of real time and could only bound them loosely.)
@MainActor
@Suite("Stalls: waiting to minimize stalling, in virtual time (integration)", .timeLimit(.minutes(3)))
struct StallWaitingVirtualTimeIntegrationTests {
    /// 30 s of 128 kb/s MP3: 16,000 bytes per second of media.
    static func tone() async throws -> Data {
        let path = try PlayTool.scratchPath("virtual-stall-tone.mp3")
        _ = try await PlayTool.ffmpeg([
            "-y", "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100:duration=30", "-c:a", "libmp3lame",
            "-b:a", "128k", path,
        ])
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    /// What one run saw by 12 s of virtual time.
    struct Run {
        var statistics: PlaybackStatistics
        var position: Double
        var stallEvents: (begun: Int, ended: Int)
    }

    /// Plays the tone, served as the real-time test's server served it (3 s of audio at once,
    /// then 0.4 s every second), for 12 s on the virtual clock.
    static func play(_ bytes: Data, waits: Bool, expecting stalls: Int) async -> Run {
        let playback = VirtualTimePlayback(
            bytes: bytes, fileName: "tone.mp3",
            throttle: ScriptedResponse.Throttle(chunkSize: 6_400, delay: .seconds(1), firstChunkSize: 48_000),
            audio: true)
        defer { playback.finish() }
        playback.player.automaticallyWaitsToMinimizeStalling = waits
        await playback.run(until: .seconds(12))
        return Run(
            statistics: playback.statistics, position: playback.player.currentTime().seconds,
            stallEvents: await playback.stallEvents(expecting: (stalls, stalls)))
    }

    @Test("waiting holds a stall until the buffer can keep up: exactly one stall by 12 s, against one a second")
    func waitingMakesOneStall() async throws {
        let bytes = try await Self.tone()
        let waiting = await Self.play(bytes, waits: true, expecting: 1)
        let resuming = await Self.play(bytes, waits: false, expecting: 8)
        // 3 s ahead at the start, +0.4 s a second: dry at about 4.4 s (the decoder holds the
        // last packets). Waiting for the buffer to keep up takes until 10 s: one stall of 5.6 s.
        #expect(waiting.statistics.stalls == 1, "waiting: \(waiting)")
        #expect(waiting.stallEvents == (1, 1), "waiting: \(waiting)")
        #expect(abs(waiting.statistics.stallTime - 5.606) < 0.01, "waiting: \(waiting)")
        // Resuming with each burst: 0.4 s played, 0.6 s dry, a stall each second from then on.
        #expect(resuming.statistics.stalls == 8, "resuming: \(resuming)")
        #expect(resuming.stallEvents == (8, 8), "resuming: \(resuming)")
        #expect(resuming.statistics.stallTime / Double(resuming.statistics.stalls) < 0.7, "resuming: \(resuming)")
        // Virtual time loses nothing: what played plus what stalled is the 12 s that passed.
        for run in [waiting, resuming] {
            #expect(abs(run.position + run.statistics.stallTime - 12) < 0.01, "\(run)")
        }
    }
}
