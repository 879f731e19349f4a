import Foundation
import SpoolTestSupport
import Testing

/// `spool play` starts an input where the last run left it (the seed's ResumePositionStore
/// over SQLiteProgressAPI in `$XDG_STATE_HOME/spool/`), on that very frame — an exact seek,
/// not the keyframe before it, which in this clip (x264's default GOP) is frame 0.
@Suite("spool play: resume where the last run left off (integration)", .serialized, .timeLimit(.minutes(3)))
struct PlayResumeIntegrationTests {
    /// A private state directory, so the runs of this test share positions with nobody else.
    private static func stateEnvironment() throws -> [String: String] {
        let directory = try PlayTool.scratchPath("resume-state")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return ["XDG_STATE_HOME": directory]
    }

    /// The index, in `reference`, of the first frame `spool play` presents (untimed, no audio).
    private static func firstFrameIndex(
        _ input: String, extra: [String] = [], environment: [String: String], reference: [String]
    ) async throws -> Int? {
        let listing = try PlayTool.scratchPath("resume.framemd5")
        let output = try await PlayTool.spool(
            ["play", "--untimed", "--vo", "framemd5:\(listing)", "--no-audio", "--frames", "5"] + extra + [input],
            environment: environment)
        #expect(output.status == 0, "stderr: \(output.errorText)")
        let first = PlayTool.hashColumn(try String(contentsOfFile: listing, encoding: .utf8)).first
        return first.flatMap { reference.firstIndex(of: $0) }
    }

    @Test("quit at 7 s, play again: it starts on the frame where it was left; --no-resume and --start win")
    func resumesOnTheFrame() async throws {
        let input = try await TestMedia.url(for: .lowResolution1Minute).path  // 25 fps, 60 s
        let environment = try Self.stateEnvironment()
        let reference = PlayTool.hashColumn(try await PlayTool.ffmpegFrameMD5(of: URL(fileURLWithPath: input)))
        #expect(reference.count == 1500)

        // Leave it at 7 s: 175 frames in real time (an untimed run's playhead is not the
        // presented frame), then quit.
        let left = try await PlayTool.spool(
            ["play", "--vo", "null", "--no-audio", "--frames", "175", input], environment: environment)
        #expect(left.status == 0, "stderr: \(left.errorText)")

        let resumed = try #require(
            try await Self.firstFrameIndex(input, environment: environment, reference: reference))
        #expect((165...185).contains(resumed), "resumed at frame \(resumed), left at 175")
        #expect(resumed % 250 != 0, "an exact seek, not the keyframe before")

        let fromZero = try await Self.firstFrameIndex(
            input, extra: ["--no-resume"], environment: environment, reference: reference)
        #expect(fromZero == 0)
        let fromStart = try await Self.firstFrameIndex(
            input, extra: ["--start", "2"], environment: environment, reference: reference)
        #expect(fromStart == 50)
    }

    @Test("an input played to its end starts over next time")
    func finishedStartsOver() async throws {
        let input = try await TestMedia.url(for: .lowResolution1Minute).path
        let environment = try Self.stateEnvironment()
        let reference = PlayTool.hashColumn(try await PlayTool.ffmpegFrameMD5(of: URL(fileURLWithPath: input)))
        let left = try await PlayTool.spool(
            ["play", "--vo", "null", "--no-audio", "--frames", "150", input], environment: environment)
        #expect(left.status == 0, "stderr: \(left.errorText)")
        let played = try await PlayTool.spool(
            ["play", "--untimed", "--vo", "null", "--no-audio", input], environment: environment)
        #expect(played.status == 0, "stderr: \(played.errorText)")
        #expect(try await Self.firstFrameIndex(input, environment: environment, reference: reference) == 0)
    }

    @Test("kill -9 in real time: the next run starts within the 5-s recording interval of where it was")
    func killLosesAtMostOneInterval() async throws {
        let input = try await TestMedia.url(for: .lowResolution1Minute).path
        let environment = try Self.stateEnvironment()
        let reference = PlayTool.hashColumn(try await PlayTool.ffmpegFrameMD5(of: URL(fileURLWithPath: input)))
        // Real time, killed with SIGKILL after 12 s of wall time (start-up included): the
        // positions at 5 s and 10 s were saved; the one at 10 s is where the next run starts.
        let killed = try await ToolRunner.run(
            try ToolRunner.builtProduct("spool"), ["play", "--no-mpris", "--vo", "null", "--no-audio", input],
            timeout: .seconds(12), environment: environment)
        #expect(killed.timedOut)
        let resumed = try #require(
            try await Self.firstFrameIndex(input, environment: environment, reference: reference))
        // Killed at most 12 s in (frame 300); at most one interval (5 s, 125 frames) lost.
        #expect((175...300).contains(resumed), "resumed at frame \(resumed)")
    }
}
