import Foundation
import SpoolTestSupport
import Testing

/// `spool play --af/--vf/--deinterlace/--audio-normalize` against the `ffmpeg` CLI running the
/// same filters: loudness as ffmpeg's ebur128 measures it, frames as its framemd5 hashes them.
/// Clips are made by ffmpeg at test time; every run is untimed (no wall-clock waits).
@Suite("spool play: --af and --vf run libavfilter like ffmpeg (integration)", .timeLimit(.minutes(3)))
struct PlayFilterIntegrationTests {
    /// A 10 s 440 Hz stereo tone at -30 dBFS (about -33 LUFS): far below -16 LUFS.
    static func quietTone() async throws -> URL {
        let path = try PlayTool.scratchPath("quiet-tone.m4a")
        _ = try await PlayTool.ffmpeg([
            "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=10,volume=-30dB", "-ac", "2",
            "-c:a", "aac", path,
        ])
        return URL(fileURLWithPath: path)
    }

    /// 2 s of 320x240 at 25 fps, each frame two fields of a 50 fps source (ffmpeg's
    /// `interlace`), coded interlaced: the decoder flags every frame interlaced.
    static func interlacedClip() async throws -> URL {
        let path = try PlayTool.scratchPath("interlaced.mp4")
        _ = try await PlayTool.ffmpeg([
            "-f", "lavfi", "-i", "testsrc2=s=320x240:r=50:d=2", "-vf", "interlace", "-c:v", "libx264",
            "-preset", "veryfast", "-flags", "+ildct+ilme", "-pix_fmt", "yuv420p", path,
        ])
        return URL(fileURLWithPath: path)
    }

    /// ffmpeg's ebur128 integrated loudness of `path`, in LUFS.
    static func integratedLoudness(of path: String) async throws -> Double {
        let output = try await ToolRunner.run(
            try ToolRunner.find("ffmpeg"),
            ["-nostdin", "-hide_banner", "-i", path, "-af", "ebur128", "-f", "null", "-"],
            timeout: .seconds(60))
        let summary = output.errorText.components(separatedBy: "Integrated loudness:").last ?? ""
        let line = summary.split(separator: "\n").first { $0.contains("I:") && $0.contains("LUFS") }
        let number = line?.split(separator: " ").compactMap { Double($0) }.first
        return try #require(number, "no integrated loudness in: \(output.errorText)")
    }

    /// Runs `spool play --untimed` with `arguments` into a framemd5 listing, without audio.
    static func frames(_ arguments: [String], of url: URL) async throws -> String {
        let listing = try PlayTool.scratchPath("filtered.framemd5")
        let output = try await PlayTool.spool(
            ["play", "--untimed", "--no-audio", "--vo", "framemd5:\(listing)"] + arguments + [url.path])
        #expect(output.status == 0, "stderr: \(output.errorText)")
        return try String(contentsOfFile: listing, encoding: .utf8)
    }

    @Test(
        "--af=lavfi=[loudnorm=I=-16:TP=-1.5:LRA=11] and --audio-normalize bring a quiet tone to -16 ± 1 LUFS",
        arguments: [["--af=lavfi=[loudnorm=I=-16:TP=-1.5:LRA=11]"], ["--audio-normalize"]])
    func loudnorm(_ arguments: [String]) async throws {
        let tone = try await Self.quietTone()
        let before = try await Self.integratedLoudness(of: tone.path)
        #expect(before < -25, "the tone is not quiet: \(before) LUFS")
        let wav = try PlayTool.scratchPath("loudnorm.wav")
        let output = try await PlayTool.spool(["play", "--untimed", "--ao", "wav:\(wav)"] + arguments + [tone.path])
        #expect(output.status == 0, "stderr: \(output.errorText)")
        let after = try await Self.integratedLoudness(of: wav)
        #expect(abs(after - -16) <= 1, "\(after) LUFS")
        // Nothing lost or added: the chain's look-ahead is drained at the end.
        let samples = try await PlayTool.ffmpegDecodedSampleCount(of: URL(fileURLWithPath: wav))
        let expected = try await PlayTool.ffmpegDecodedSampleCount(of: tone)
        #expect(abs(samples - expected) <= 1024, "\(samples) samples, \(expected) decoded by ffmpeg")
    }

    @Test("--vf=lavfi=[hflip] and --vf=hflip give ffmpeg's -vf hflip listing, byte for byte")
    func hflip() async throws {
        let url = try await TestMedia.url(for: .h264AACMP4)
        let reference = try await PlayTool.ffmpegFrameMD5(
            of: url, inputOptions: ["-threads", "1"], outputOptions: ["-vf", "hflip"])
        #expect(PlayTool.frameLines(reference).count >= 30)
        #expect(try await Self.frames(["--vf=lavfi=[hflip]"], of: url) == reference)
        #expect(try await Self.frames(["--vf=hflip"], of: url) == reference)
        // The filter changed the pictures: unfiltered, no hash matches.
        let plain = PlayTool.hashColumn(try await Self.frames([], of: url))
        #expect(Set(plain).isDisjoint(with: PlayTool.hashColumn(reference)))
    }

    @Test("after an accurate start the chain starts afresh on the target frame (--start 1.3 --vf hflip)")
    func hflipAfterStart() async throws {
        let url = try await TestMedia.url(for: .h264ShortGOPMP4)
        let ours = PlayTool.hashColumn(
            try await Self.frames(["--start", "1.3", "--frames", "3", "--vf=hflip"], of: url))
        let expected = PlayTool.hashColumn(
            try await PlayTool.ffmpegFrameMD5(
                of: url, inputOptions: ["-threads", "1", "-ss", "1.3"],
                outputOptions: ["-vf", "hflip", "-frames:v", "3"]))
        #expect(expected.count == 3)
        #expect(ours == expected)
    }

    @Test("--deinterlace=yes and =auto on an interlaced clip give ffmpeg's bwdif frames", arguments: ["yes", "auto"])
    func deinterlace(_ mode: String) async throws {
        let url = try await Self.interlacedClip()
        let expected = PlayTool.hashColumn(
            try await PlayTool.ffmpegFrameMD5(
                of: url, inputOptions: ["-threads", "1"], outputOptions: ["-vf", "bwdif=mode=send_frame"]))
        #expect(expected.count == 50)
        let ours = PlayTool.hashColumn(try await Self.frames(["--deinterlace=\(mode)"], of: url))
        #expect(ours == expected)
        let woven = PlayTool.hashColumn(try await Self.frames(["--deinterlace=no"], of: url))
        #expect(woven.count == 50 && Set(woven).isDisjoint(with: expected))
    }

    @Test("--deinterlace=auto leaves a progressive clip as decoded")
    func deinterlaceAutoProgressive() async throws {
        let url = try await TestMedia.url(for: .h264AACMP4)
        let reference = try await PlayTool.ffmpegFrameMD5(of: url, inputOptions: ["-threads", "1"])
        #expect(try await Self.frames(["--deinterlace=auto"], of: url) == reference)
    }

    @Test(
        "a filter libavfilter does not have is a usage error naming it (exit 2), before anything plays",
        arguments: [
            ("--vf=hflip,nosuchfilter", "--vf: 'nosuchfilter': no such filter 'nosuchfilter'"),
            ("--af=lavfi=[loudnorm,bogus]", "--af: 'lavfi=[loudnorm,bogus]': no such filter 'bogus'"),
            ("--vf=lavfi=[hflip", "--vf: 'lavfi=[hflip' has a '[' without its ']'"),
        ])
    func unknownFilter(_ argument: String, message: String) async throws {
        let url = try await TestMedia.url(for: .h264AACMP4)
        let listing = try PlayTool.scratchPath("refused.framemd5")
        let output = try await PlayTool.spool(
            ["play", "--untimed", "--ao", "null", "--vo", "framemd5:\(listing)", argument, url.path])
        #expect(output.status == 2)
        #expect(output.errorText.hasPrefix("spool: play: \(message)\n"), "stderr: \(output.errorText)")
        #expect(!FileManager.default.fileExists(atPath: listing))
    }
}
