import Foundation
import SpoolTestSupport
import Testing

/// `spool play --replaygain` against ffmpeg's own ReplayGain stage (`volume=replaygain=…`,
/// which reads the same tags through FFmpeg's demuxers) on tagged FLAC and MP3 tones made by
/// ffmpeg: the mean level of spool's `--ao wav` output, as ffmpeg's volumedetect reads it,
/// equals ffmpeg's and the tone's own moved by the tag. Untimed runs: no wall-clock waits.
@Suite("spool play --replaygain: as ffmpeg's volume=replaygain (integration)", .timeLimit(.minutes(3)))
struct PlayReplayGainIntegrationTests {
    /// 3 s of a 440 Hz tone at -20 dBFS, tagged: track -6 dB, album -3 dB, peaks 0.1 (a quiet
    /// tone, so no cap applies); or, `loud`, track +12 dB with peak 0.5 (the cap halves it).
    static func tone(_ container: String, loud: Bool = false) async throws -> String {
        let path = try PlayTool.scratchPath("replaygain\(loud ? "-loud" : "").\(container)")
        let tags =
            loud
            ? ["-metadata", "REPLAYGAIN_TRACK_GAIN=+12.00 dB", "-metadata", "REPLAYGAIN_TRACK_PEAK=0.500000"]
            : [
                "-metadata", "REPLAYGAIN_TRACK_GAIN=-6.00 dB", "-metadata", "REPLAYGAIN_TRACK_PEAK=0.100000",
                "-metadata", "REPLAYGAIN_ALBUM_GAIN=-3.00 dB", "-metadata", "REPLAYGAIN_ALBUM_PEAK=0.100000",
            ]
        _ = try await PlayTool.ffmpeg(
            ["-y", "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=3,volume=-20dB"]
                + tags + (container == "mp3" ? ["-c:a", "libmp3lame", "-b:a", "192k"] : []) + [path])
        return path
    }

    /// ffmpeg's volumedetect mean level of `path` after `filter` (none: as decoded), in dB.
    static func meanVolume(of path: String, filter: String? = nil) async throws -> Double {
        let chain = (filter.map { "\($0)," } ?? "") + "volumedetect"
        let output = try await ToolRunner.run(
            try ToolRunner.find("ffmpeg"), ["-nostdin", "-hide_banner", "-i", path, "-af", chain, "-f", "null", "-"],
            timeout: .seconds(60))
        let line = output.errorText.split(separator: "\n").first { $0.contains("mean_volume:") }
        let number = line?.split(separator: " ").compactMap { Double($0) }.first
        return try #require(number, "no mean_volume in: \(output.errorText)")
    }

    /// The mean level of what `spool play --untimed --ao wav` writes with `options`.
    static func spoolMeanVolume(of path: String, _ options: [String]) async throws -> Double {
        let wav = try PlayTool.scratchPath("replaygain-out.wav")
        let output = try await PlayTool.spool(["play", "--untimed", "--ao", "wav:\(wav)"] + options + [path])
        #expect(output.status == 0, "stderr: \(output.errorText)")
        return try await meanVolume(of: wav)
    }

    @Test(
        "track, album, none and a preamp: spool's level is ffmpeg's volume=replaygain's, the tone's moved by the tag",
        arguments: ["flac", "mp3"])
    func modes(container: String) async throws {
        let tone = try await Self.tone(container)
        let plain = try await Self.meanVolume(of: tone)
        let cases: [(options: [String], ffmpeg: String, shift: Double)] = [
            (["--replaygain=track"], "volume=replaygain=track", -6),
            (["--replaygain=album"], "volume=replaygain=album", -3),
            (["--replaygain=track", "--replaygain-preamp=2"], "volume=replaygain=track:replaygain_preamp=2", -4),
            (["--replaygain=no"], "anull", 0),
            ([], "anull", 0),
        ]
        for (options, filter, shift) in cases {
            let ours = try await Self.spoolMeanVolume(of: tone, options)
            let theirs = try await Self.meanVolume(of: tone, filter: filter)
            #expect(abs(ours - theirs) <= 0.1, "\(container) \(options): spool \(ours) dB, ffmpeg \(theirs) dB")
            #expect(abs(ours - (plain + shift)) <= 0.1, "\(container) \(options): \(ours) dB from \(plain) dB")
        }
    }

    @Test("+12 dB with a 0.5 peak: capped at +6.02 dB as ffmpeg caps it; --replaygain-clip lets it through")
    func peakCap() async throws {
        let tone = try await Self.tone("flac", loud: true)
        let plain = try await Self.meanVolume(of: tone)
        let capped = try await Self.spoolMeanVolume(of: tone, ["--replaygain=track"])
        let theirs = try await Self.meanVolume(of: tone, filter: "volume=replaygain=track")
        #expect(abs(capped - theirs) <= 0.1, "spool \(capped) dB, ffmpeg \(theirs) dB")
        #expect(abs(capped - (plain + 6.02)) <= 0.1, "\(capped) dB from \(plain) dB")
        let clipping = try await Self.spoolMeanVolume(of: tone, ["--replaygain=track", "--replaygain-clip"])
        let theirsClipping = try await Self.meanVolume(
            of: tone, filter: "volume=replaygain=track:replaygain_noclip=0")
        #expect(abs(clipping - theirsClipping) <= 0.1, "spool \(clipping) dB, ffmpeg \(theirsClipping) dB")
        #expect(abs(clipping - (plain + 12)) <= 0.1, "\(clipping) dB from \(plain) dB")
    }

    @Test("a bad --replaygain or --replaygain-preamp is refused with the option's name, exit 2")
    func refusals() async throws {
        let tone = try await Self.tone("flac")
        for options in [["--replaygain=loud"], ["--replaygain-preamp=99"], ["--replaygain-preamp=x"]] {
            let output = try await PlayTool.spool(["play", "--untimed", "--ao", "null"] + options + [tone])
            #expect(output.status == 2, "\(options): exit \(output.status)")
            let name = options[0].split(separator: "=")[0]
            #expect(output.errorText.contains(name), "\(options): \(output.errorText)")
        }
    }
}
