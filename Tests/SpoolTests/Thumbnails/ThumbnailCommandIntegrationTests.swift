import Foundation
import SpoolTestSupport
import Testing

/// `spool thumbnail` against the `ffmpeg` CLI's pictures, and its errors.
@Suite("spool thumbnail (integration)", .timeLimit(.minutes(3)))
struct ThumbnailCommandIntegrationTests {
    static func clip() async throws -> URL { try await TestMedia.url(for: .h264ShortGOPMP4) }

    /// Whether the two PNG files hold the same pixels (both decoded by ffmpeg to rgb24).
    static func samePixels(_ a: String, _ b: String) async throws -> Bool {
        let (left, right) = (
            try await ThumbnailReference.pixels(ofPNG: a), try await ThumbnailReference.pixels(ofPNG: b)
        )
        return !left.isEmpty && left == right
    }

    @Test(
        "--at T writes the PNG ffmpeg -ss T -frames:v 1 writes (same pixels), also scaled by --size",
        arguments: [0.0, 0.49, 1.0, 1.96])
    func atEqualsFFmpeg(seconds: Double) async throws {
        let url = try await Self.clip()
        let ours = try PlayTool.scratchPath("at.png")
        let output = try await PlayTool.spool(["thumbnail", "--at", "\(seconds)", url.path, ours])
        #expect(output.status == 0, "stderr: \(output.errorText)")
        #expect(output.errorText.contains("→ \(ours)"))
        let theirs = try PlayTool.scratchPath("ffmpeg.png")
        _ = try await PlayTool.ffmpeg(["-ss", "\(seconds)", "-i", url.path, "-frames:v", "1", theirs])
        #expect(try await Self.samePixels(ours, theirs))

        let small = try PlayTool.scratchPath("small.png")
        #expect(
            try await PlayTool.spool(["thumbnail", "--at=\(seconds)", "--size", "100x100", url.path, small]).status == 0
        )
        let theirsSmall = try PlayTool.scratchPath("ffmpeg-small.png")
        _ = try await PlayTool.ffmpeg([
            "-ss", "\(seconds)", "-i", url.path, "-frames:v", "1", "-vf", "scale=100:75:flags=bicubic", theirsSmall,
        ])
        #expect(try await Self.samePixels(small, theirsSmall))
    }

    @Test("--vf=hflip writes the PNG ffmpeg -vf hflip writes; an unknown filter is a usage error naming it")
    func videoFilters() async throws {
        let url = try await Self.clip()
        let ours = try PlayTool.scratchPath("vf.png")
        let output = try await PlayTool.spool(["thumbnail", "--at", "1", "--vf=hflip", url.path, ours])
        #expect(output.status == 0, "stderr: \(output.errorText)")
        let theirs = try PlayTool.scratchPath("ffmpeg-vf.png")
        _ = try await PlayTool.ffmpeg(["-ss", "1", "-i", url.path, "-frames:v", "1", "-vf", "hflip", theirs])
        #expect(try await Self.samePixels(ours, theirs))
        let unflipped = try PlayTool.scratchPath("ffmpeg-plain.png")
        _ = try await PlayTool.ffmpeg(["-ss", "1", "-i", url.path, "-frames:v", "1", unflipped])
        #expect(try await !Self.samePixels(ours, unflipped))
        let refused = try await PlayTool.spool(["thumbnail", "--vf", "bogus", url.path, ours])
        #expect(refused.status == 2)
        #expect(refused.errorText.hasPrefix("spool: thumbnail: --vf: 'bogus': no such filter 'bogus'\n"))
    }

    @Test("--every SEC writes OUT-%03d.png numbered from 1, progress on stderr")
    func every() async throws {
        let url = try await Self.clip()
        let directory = try PlayTool.scratchPath("every")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let output = try await PlayTool.spool(["thumbnail", "--every", "0.5", url.path, "\(directory)/out-%03d.png"])
        #expect(output.status == 0, "stderr: \(output.errorText)")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        #expect(files == ["out-001.png", "out-002.png", "out-003.png", "out-004.png"])
        #expect(output.errorText.contains("thumbnail 4/4"))
        let theirs = try PlayTool.scratchPath("ffmpeg-1.5.png")
        _ = try await PlayTool.ffmpeg(["-ss", "1.5", "-i", url.path, "-frames:v", "1", theirs])
        #expect(try await Self.samePixels("\(directory)/out-004.png", theirs))
    }

    @Test("the output is opened in place: a symlink's target is written, the link stays")
    func writesInPlace() async throws {
        let url = try await Self.clip()
        let target = try PlayTool.scratchPath("target.png")
        let link = try PlayTool.scratchPath("link.png")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        #expect(try await PlayTool.spool(["thumbnail", url.path, link]).status == 0)
        let attributes = try FileManager.default.attributesOfItem(atPath: link)
        #expect(attributes[.type] as? FileAttributeType == .typeSymbolicLink)
        #expect(((try? FileManager.default.attributesOfItem(atPath: target)[.size]) as? Int ?? 0) > 1000)
    }

    @Test(
        "clear errors: missing input, no video, a time past the end (exit 1); bad pattern and usage (exit 2)",
        arguments: [
            (["thumbnail", "/nonexistent/clip.mp4", "x.png"], Int32(1), "not found"),
            (["thumbnail", "--at", "9", "CLIP", "x.png"], 1, "past the end"),
            (["thumbnail", "AUDIO", "x.png"], 1, "has no video stream"),
            (["thumbnail", "--every", "1", "CLIP", "x.png"], 2, "needs a numbered output"),
            (["thumbnail", "CLIP", "x-%s.png"], 2, "a % must be %d"),
            (["thumbnail", "--at", "-1", "CLIP", "x.png"], 2, "not a number of seconds"),
            (["thumbnail", "--size", "big", "CLIP", "x.png"], 2, "not WIDTHxHEIGHT"),
            (["thumbnail", "CLIP"], 2, "expected INPUT and OUT.png"),
        ])
    func errors(arguments: [String], status: Int32, message: String) async throws {
        let clip = try await Self.clip().path
        let audio = try await TestMedia.url(for: .flacStereo).path
        let directory = try PlayTool.scratchPath("errors")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let resolved = arguments.map {
            $0 == "CLIP" ? clip : $0 == "AUDIO" ? audio : $0.hasSuffix(".png") ? "\(directory)/\($0)" : $0
        }
        let output = try await PlayTool.spool(resolved)
        #expect(output.status == status, "stderr: \(output.errorText)")
        #expect(output.errorText.hasPrefix("spool: thumbnail: "), "stderr: \(output.errorText)")
        #expect(output.errorText.contains(message), "stderr: \(output.errorText)")
        #expect((try FileManager.default.contentsOfDirectory(atPath: directory)).isEmpty, "no file written")
    }

    @Test("--help prints the usage, exit 0")
    func help() async throws {
        let output = try await PlayTool.spool(["thumbnail", "--help"])
        #expect(output.status == 0 && output.outputText.hasPrefix("spool thumbnail [--at SEC | --every SEC]"))
        #expect(try await PlayTool.spool(["help", "thumbnail"]).outputText.contains("--every SEC"))
    }
}
