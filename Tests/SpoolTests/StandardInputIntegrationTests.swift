import Foundation
import SpoolTestSupport
import Testing

/// `spool play -` and `spool probe -` read the media from a pipe: MPEG-TS, fragmented MP4 and
/// an MP4 with its index first play every frame, the same frames as the file; an MP4 with its
/// index at the end fails with a message instead of hanging; `--playlist -` reads the list.
@Suite("spool play - (standard input, integration)", .timeLimit(.minutes(5)))
struct StandardInputIntegrationTests {
    /// `.h264AACMP4` remuxed with `movflags` (`+faststart`, `frag_keyframe+empty_moov`) or as MPEG-TS.
    static func remuxed(_ name: String, _ options: [String]) async throws -> URL {
        let source = try await TestMedia.url(for: .h264AACMP4)
        let output = URL(fileURLWithPath: try PlayTool.scratchPath(name))
        _ = try await PlayTool.ffmpeg(["-y", "-i", source.path, "-c", "copy"] + options + [output.path])
        return output
    }

    /// `cat FILE | spool ARGUMENTS` through a shell, so spool's standard input is a pipe.
    static func spoolReadingPipe(from file: URL, _ arguments: [String]) async throws -> ToolOutput {
        let spool = try ToolRunner.builtProduct("spool").path
        let quoted = ([spool] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        // bash execs spool itself, its standard input a pipe from cat: the time limit kills
        // spool. Behind `sh -c 'cat | spool'` it killed only the shell, and a spool that hung
        // (once, in a make test run) kept the output pipe open, so the test waited out its
        // 300-s limit and the test process never exited.
        let output = try await ToolRunner.run(
            URL(fileURLWithPath: "/bin/bash"),
            ["-c", "exec " + quoted.joined(separator: " ") + " < <(exec cat '\(file.path)')"],
            timeout: .seconds(60))
        #expect(!output.timedOut, "spool \(arguments) on a pipe did not finish")
        return output
    }

    @Test(
        "a pipe plays every frame, the file's frames",
        arguments: [
            ("clip.ts", ["-f", "mpegts"]), ("fragmented.mp4", ["-movflags", "frag_keyframe+empty_moov"]),
            ("faststart.mp4", ["-movflags", "+faststart"]),
        ])
    func playsFromAPipe(name: String, options: [String]) async throws {
        let clip = try await Self.remuxed(name, options)
        let fromFile = try PlayTool.scratchPath("file.framemd5")
        let fromPipe = try PlayTool.scratchPath("pipe.framemd5")
        // Untimed: every frame, however loaded the machine (timed playback drops late frames).
        let file = try await PlayTool.spool([
            "play", clip.path, "--untimed", "--vo", "framemd5:\(fromFile)", "--ao", "null",
        ])
        #expect(file.status == 0, "\(file.errorText)")
        let piped = try await Self.spoolReadingPipe(
            from: clip,
            ["play", "-", "--untimed", "--no-mpris", "--vo", "framemd5:\(fromPipe)", "--ao", "null", "--stats"])
        #expect(piped.status == 0, "\(piped.errorText)")
        let expected = PlayTool.hashColumn(try String(contentsOfFile: fromFile, encoding: .utf8))
        let played = PlayTool.hashColumn(try String(contentsOfFile: fromPipe, encoding: .utf8))
        #expect(expected.count == 50)
        #expect(played == expected)
        #expect(piped.outputText.contains("\"audioFramesOutput\":9"), "audio played too: \(piped.outputText)")
    }

    @Test("a fragmented MP4 whose fragments hold more video than the queue, timed from a pipe, plays to its end")
    func longFragmentsFromAPipe() async throws {
        // One 5-s fragment per keyframe, each its video before its audio: on a pipe the
        // demuxer reads them in that order, 5 s of video ahead of the first audio, past the
        // 3-s queue (decision 0064). It hung there: the clock waits for the audio.
        let clip = URL(fileURLWithPath: try PlayTool.scratchPath("long-fragments.mp4"))
        _ = try await PlayTool.ffmpeg([
            "-f", "lavfi", "-i", "testsrc=size=160x120:rate=25:duration=6", "-f", "lavfi", "-i",
            "sine=frequency=440:duration=6", "-c:v", "libx264", "-g", "125", "-pix_fmt", "yuv420p", "-c:a", "aac",
            "-movflags", "frag_keyframe+empty_moov", "-shortest", "-y", clip.path,
        ])
        let output = try await Self.spoolReadingPipe(
            from: clip, ["play", "-", "--no-mpris", "--vo", "null", "--ao", "null", "--stats"])
        #expect(output.status == 0, "\(output.errorText)")
        #expect(
            output.outputText.contains("\"audioFramesOutput\":266240"), "all the audio played: \(output.outputText)")
    }

    @Test("an MP4 with its index at the end fails with a message saying why, never hangs")
    func indexAtTheEnd() async throws {
        let clip = try await TestMedia.url(for: .h264AACMP4)
        let output = try await Self.spoolReadingPipe(
            from: clip, ["play", "-", "--no-mpris", "--vo", "null", "--ao", "null"])
        #expect(output.status == 1)
        #expect(
            output.errorText.contains("/dev/stdin: this MP4 keeps its index after the media"), "\(output.errorText)")
    }

    @Test("spool probe - describes the piped stream")
    func probe() async throws {
        let clip = try await Self.remuxed("probe.ts", ["-f", "mpegts"])
        let output = try await Self.spoolReadingPipe(from: clip, ["probe", "--json", "-"])
        #expect(output.status == 0, "\(output.errorText)")
        #expect(output.outputText.contains("\"mpegts\""), "\(output.outputText)")
    }

    @Test("--playlist - reads the playlist from standard input; a bad entry is named")
    func playlistFromStandardInput() async throws {
        let clip = try await Self.remuxed("listed.ts", ["-f", "mpegts"])
        let list = URL(fileURLWithPath: try PlayTool.scratchPath("list.txt"))
        try Data("\(clip.path)\n/nonexistent/missing.mp4\n".utf8).write(to: list)
        let frames = try PlayTool.scratchPath("list.framemd5")
        let output = try await Self.spoolReadingPipe(
            from: list,
            [
                "play", "--untimed", "--no-mpris", "--no-resume", "--playlist", "-", "--vo", "framemd5:\(frames)",
                "--ao", "null",
            ])
        #expect(output.status == 1)
        #expect(output.errorText.contains("/nonexistent/missing.mp4"), "\(output.errorText)")
        #expect(PlayTool.hashColumn(try String(contentsOfFile: frames, encoding: .utf8)).count == 50)
    }
}
