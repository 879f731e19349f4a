import Dispatch
import Foundation
import Spool
import SpoolOutput
import SpoolTestSupport
import Testing

/// At its end an item's time stops at its duration, however late the player hears of the end.
/// In virtual time the clock jumps on the moment every engine thread waits, long before the
/// main actor handles the end: the real-time test (`ItemTimelineIntegrationTests`) once read
/// 3.67 s at the end of a 2.02-s item on a loaded machine, which here is every run.
@MainActor
@Suite("The time at an item's end, in virtual time (integration)", .timeLimit(.minutes(3)))
struct EndTimeVirtualTimeIntegrationTests {
    /// Two seconds of MPEG-TS, 160x120 video and a tone, served at once.
    static func clip(audio: Bool) async throws -> Data {
        let path = try PlayTool.scratchPath(audio ? "end-time-av.ts" : "end-time-v.ts")
        var arguments = ["-y", "-f", "lavfi", "-i", "testsrc=size=160x120:rate=25"]
        if audio { arguments += ["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000"] }
        arguments += ["-t", "2", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"]
        if audio { arguments += ["-c:a", "aac"] }
        _ = try await PlayTool.ffmpeg(arguments + ["-f", "mpegts", path])
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    @Test("played to its end, the time reads the duration 8 s later", arguments: [true, false])
    func timeStopsAtTheEnd(audio: Bool) async throws {
        let bytes = try await Self.clip(audio: audio)
        let playback = VirtualTimePlayback(
            bytes: bytes, fileName: "clip.ts",
            throttle: ScriptedResponse.Throttle(chunkSize: 64_000, delay: .zero, firstChunkSize: bytes.count),
            audio: audio, video: NullVideoOutput())
        defer { playback.finish() }
        // The main actor is held while the clock runs, so the player hears of the end only
        // after the time is read: the latest it could be told.
        #expect(Self.runHoldingTheMainActor(playback.clock, until: .seconds(10)), "the clock did not get there")
        let end = playback.player.currentTime().seconds
        #expect(await playback.playedToEnd())
        let duration = playback.item.duration.seconds
        #expect(abs(duration - 2) < 0.1, "\(duration)")
        #expect(abs(end - duration) < 0.1, "\(end) of \(duration)")
        #expect(abs(playback.player.currentTime().seconds - duration) < 0.1, "after the player heard of the end")
    }

    /// Runs `clock` to `instant` on another task while this (the main) thread waits for it,
    /// so nothing on the main actor runs meanwhile. Returns whether it got there within the
    /// hang guard.
    static func runHoldingTheMainActor(_ clock: AutoAdvancingEngineClock, until instant: Duration) -> Bool {
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            await clock.run(until: instant)
            done.signal()
        }
        let guardSeconds = Double(HangGuard.scaled(.seconds(60)).components.seconds)
        return done.wait(timeout: .now() + guardSeconds) == .success
    }
}
