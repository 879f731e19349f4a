import Foundation
import SpoolTestSupport
import Testing

/// Files cut short — a download stopped, a copy interrupted — made by cutting the ffmpeg CLI's
/// output 7 bytes past 60 % of its length, inside a packet. mpv and ffmpeg play what is there
/// and exit 0; so does spool, with every frame and sample ffmpeg decodes from the cut file, and
/// one warning line saying where the media stops. `--strict` makes the cut a failure (exit 1).
@Suite("spool play: truncated files end normally, with one warning (integration)", .timeLimit(.minutes(3)))
struct TruncatedFileIntegrationTests {
    /// A container to cut, made from a fixture by the ffmpeg CLI.
    struct Case: Sendable, CustomStringConvertible {
        var description: String { container }
        /// The file name extension (and so the muxer).
        var container: String
        /// What to encode or copy: the ffmpeg options between input and output.
        var options: [String]
        /// Whether the file has video (else only its audio is compared).
        var hasVideo: Bool
        /// The warning's reason, after `spool: warning: PATH: `.
        var warning: String
    }

    static let cases: [Case] = [
        Case(
            container: "mp4", options: ["-c", "copy", "-movflags", "+faststart"], hasVideo: true,
            warning: "the file ends early: its media stops at 1.2 s of 2.0 s"),
        Case(
            container: "avi", options: ["-c", "copy"], hasVideo: true,
            warning: "the file ends early: its media stops at 1.2 s of 2.0 s"),
        Case(
            container: "ts", options: ["-c", "copy"], hasVideo: true,
            warning: "the file ends early: it stops inside a transport packet"),
        Case(
            container: "mp3", options: ["-vn", "-c:a", "libmp3lame"], hasVideo: false,
            warning: "the file ends early: its media stops at"),
        Case(
            container: "flac", options: ["-vn", "-c:a", "flac"], hasVideo: false,
            warning: "the file ends early: its media stops at"),
    ]

    /// The 2-second H.264 and AAC fixture in `container`, cut inside a packet.
    static func cutFile(_ cut: Case) async throws -> URL {
        let source = try await TestMedia.url(for: .h264AACMP4)
        let whole = try PlayTool.scratchPath("whole.\(cut.container)")
        _ = try await PlayTool.ffmpeg(["-y", "-i", source.path] + cut.options + [whole])
        let bytes = try Data(contentsOf: URL(fileURLWithPath: whole))
        return try DamagedMedia.file("cut.\(cut.container)", bytes.prefix(bytes.count * 6 / 10 + 7))
    }

    @Test("every frame and sample ffmpeg decodes, exit 0, one warning line", arguments: cases)
    func endsWithAWarning(_ cut: Case) async throws {
        let url = try await Self.cutFile(cut)
        let run = try await DamagedPlayback.play(url.path, video: cut.hasVideo)
        #expect(run.output.status == 0, "stderr: \(run.output.errorText)")
        let lines = PlayTool.lines(run.output.errorText)
        #expect(lines.count == 1, "stderr: \(run.output.errorText)")
        #expect(lines.first?.hasPrefix("spool: warning: \(url.path): \(cut.warning)") == true, "\(lines)")
        if cut.hasVideo {
            let expected = try await DamagedPlayback.ffmpegHashes(url)
            #expect(expected.count >= 20, "ffmpeg decodes \(expected.count) frames")
            #expect(run.hashes == expected, "spool \(run.hashes.count) frames, ffmpeg \(expected.count)")
        }
        let samples = try await PlayTool.ffmpeg(["-i", url.path, "-map", "0:a:0", "-f", "f32le", "-"])
        let wav = try #require(run.wav)
        #expect(samples.count > 20_000 * 4, "ffmpeg decodes \(samples.count) bytes")
        #expect(wav.data == samples, "spool \(wav.data.count) bytes, ffmpeg \(samples.count)")
    }

    @Test("--strict: the same cut fails the item, in one line, exit 1")
    func strict() async throws {
        let cut = Self.cases[0]
        let url = try await Self.cutFile(cut)
        let output = try await PlayTool.spool(
            ["play", "--untimed", "--strict", "--vo", "null", "--ao", "null", url.path], timeout: .seconds(60))
        #expect(output.status == 1)
        #expect(PlayTool.lines(output.errorText) == ["spool: \(url.path): \(cut.warning)"])
    }
}
