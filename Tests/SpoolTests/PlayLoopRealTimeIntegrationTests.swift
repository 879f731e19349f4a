import Foundation
import SpoolTestSupport
import Testing

/// `spool play --loop` on outputs that keep real time. The queue must never run dry between
/// passes: a queue player that runs out pauses, so a pass queued only after that sat paused
/// forever (issue 12). A WAV output (the other loop test) writes without waiting, so it plays
/// through even while paused and cannot catch that.
@Suite("spool play: loops in real time (integration)", .timeLimit(.minutes(3)))
struct PlayLoopRealTimeIntegrationTests {
    /// Each pass is short; three passes and the start-up fit well within this on a loaded machine.
    static let timeout = Duration.seconds(30)

    /// A 1.3 s AAC tone: short enough for three passes on PulseAudio to stay quick.
    static func shortAAC() async throws -> String {
        let path = try PlayTool.scratchPath("loop-short.m4a")
        _ = try await PlayTool.ffmpeg([
            "-y", "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=1.3", "-c:a", "aac", path,
        ])
        return path
    }

    /// Runs `spool play --loop 3 ARGS… --events FILE INPUT` and checks three whole passes.
    func expectThreePasses(_ arguments: [String], input: String) async throws {
        let events = try PlayTool.scratchPath("loop-real-time.jsonl")
        let output = try await PlayTool.spool(
            ["play", "--loop", "3"] + arguments + ["--events", events, input], timeout: Self.timeout)
        #expect(output.status == 0, "stderr: \(output.errorText)")
        let log = try PlayEvent.read(events)
        #expect(log.filter { $0.type == "ended" }.count == 3, "events: \(log)")
        let once = ["item(\(input))", "ready(\(input))", "ended(\(input))"]
        #expect(log.milestones == once + once + once)
    }

    @Test("--loop 3 with the null outputs (real time): three passes end, exit 0")
    func loopThreeTimesOnNullOutputs() async throws {
        let input = try await TestMedia.url(for: .h264AACMP4).path
        try await expectThreePasses(["--ao", "null", "--vo", "null"], input: input)
    }

    @Test("--loop 3 on PulseAudio: three passes of a 1.3 s AAC file end, exit 0")
    func loopThreeTimesOnPulseAudio() async throws {
        let input = try await Self.shortAAC()
        try await expectThreePasses(["--ao", "pulse", "--no-video"], input: input)
    }

    @Test("--loop inf with --frames: passes follow each other until the frame limit quits")
    func loopForeverUntilFrameLimit() async throws {
        // 2 s at 25 fps: 50 frames a pass, so 120 frames end two passes and quit in the third
        // (with room for a few frames dropped on a loaded machine).
        let input = try await TestMedia.url(for: .h264AACMP4).path
        let events = try PlayTool.scratchPath("loop-inf.jsonl")
        let output = try await PlayTool.spool(
            ["play", "--loop", "inf", "--frames", "120", "--ao", "null", "--vo", "null", "--events", events, input],
            timeout: Self.timeout)
        #expect(output.status == 0, "stderr: \(output.errorText)")
        let log = try PlayEvent.read(events)
        #expect(log.filter { $0.type == "ended" }.count == 2, "events: \(log)")
        #expect(log.filter { $0.type == "item" }.count == 3)
        #expect(log.contains { $0.type == "quit" })
    }
}
