import Foundation

/// The ffmpeg invocations behind `HLSTestMedia`'s ladders, and the edits made afterwards
/// for what ffmpeg 5.1's HLS muxer does not write itself.
struct HLSLadderGenerator {
    let ladder: HLSTestMedia.Ladder
    let root: URL

    private var directory: URL { root.appendingPathComponent(ladder.rawValue, isDirectory: true) }

    /// ffmpeg's mpegts muxer starts timestamps at 1.4 s (126000 ticks of 90 kHz) and our
    /// audio starts at 0: the MPEG-TS time of WebVTT's local zero.
    static let subtitleTimestampOffset = 126_000

    func generate() async throws -> HLSLadder {
        try? FileManager.default.removeItem(at: directory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let ffmpeg = try ToolRunner.find("ffmpeg")
        var renditionNames: [String: String] = [:]
        switch ladder {
        case .ts:
            try await run(ffmpeg, threeVariants(segments: "v%v/seg%03d.ts"))
        case .fmp4:
            try await run(
                ffmpeg,
                threeVariants(
                    segments: "v%v/seg%03d.m4s",
                    extra: ["-hls_segment_type", "fmp4", "-hls_fmp4_init_filename", "init.mp4"]))
        case .byteRange:
            try await run(ffmpeg, threeVariants(segments: "v%v/media.ts", extra: ["-hls_flags", "single_file"]))
        case .aes128:
            let keyInfo = try writeKeyInfo()
            try await run(
                ffmpeg, threeVariants(segments: "v%v/seg%03d.ts", extra: ["-hls_key_info_file", keyInfo.path]))
            try await HLSSequenceIVRewriter(variantDirectory: directory.appendingPathComponent("v1")).rewrite()
        case .subtitles:
            try await run(ffmpeg, subtitleArguments())
            try HLSPlaylistEditing.insertTimestampMap(
                intoWebVTTIn: directory.appendingPathComponent("v0"), mpegts: Self.subtitleTimestampOffset)
            renditionNames = ["subtitle_0": "English"]
        case .twoAudioLanguages:
            try await run(ffmpeg, audioLanguageArguments())
            renditionNames = ["audio_2": "English", "audio_3": "French"]
        }
        let master = directory.appendingPathComponent("master.m3u8")
        try HLSPlaylistEditing.completeMaster(at: master, renditionNames: renditionNames, frameRate: "25.000")
        let (variants, renditions) = try HLSPlaylistEditing.playlistURIs(inMaster: master)
        let prefix = "/\(ladder.rawValue)/"
        return HLSLadder(
            ladder: ladder, root: root, masterPlaylistPath: prefix + "master.m3u8",
            variantPlaylistPaths: variants.map { prefix + $0 }, renditionPlaylistPaths: renditions.map { prefix + $0 })
    }

    // MARK: ffmpeg arguments

    private static let common = ["-nostdin", "-hide_banner", "-loglevel", "error", "-y"]
    private static let video = ["-f", "lavfi", "-i", "testsrc2=size=640x360:rate=25"]
    private static func tone(_ hertz: Int) -> [String] {
        ["-f", "lavfi", "-i", "sine=frequency=\(hertz):sample_rate=48000"]
    }
    /// A keyframe exactly every 2 s in every variant, so segments start with one and variants
    /// share boundaries; bit-exact so the output does not depend on the ffmpeg build's identity.
    private static let encoding = [
        "-t", "8", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-g", "50", "-keyint_min", "50",
        "-sc_threshold", "0", "-force_key_frames", "expr:gte(t,n_forced*2)", "-c:a", "aac", "-b:a", "64k", "-ac", "1",
        "-fflags", "+bitexact", "-flags:v", "+bitexact", "-flags:a", "+bitexact",
    ]
    private static let hls = [
        "-f", "hls", "-hls_time", "2", "-hls_playlist_type", "vod", "-master_pl_name", "master.m3u8",
    ]

    private func outputs(segments: String, playlist: String = "v%v/index.m3u8") -> [String] {
        [
            "-hls_segment_filename", directory.appendingPathComponent(segments).path,
            directory.appendingPathComponent(playlist).path,
        ]
    }

    /// One ffmpeg run, so all variants share timestamps.
    private func threeVariants(segments: String, extra: [String] = []) -> [String] {
        let filter = "[0:v]split=3[s0][s1][s2];[s0]scale=256:144[v0];[s1]scale=480:270[v1];[s2]null[v2]"
        return Self.common + Self.video + Self.tone(440)
            + ["-filter_complex", filter, "-map", "[v0]", "-map", "[v1]", "-map", "[v2]"]
            + ["-map", "1:a", "-map", "1:a", "-map", "1:a"] + Self.encoding
            + ["-b:v:0", "200k", "-b:v:1", "500k", "-b:v:2", "1000k"] + Self.hls + extra
            + ["-var_stream_map", "v:0,a:0 v:1,a:1 v:2,a:2"] + outputs(segments: segments)
    }

    private func subtitleArguments() throws -> [String] {
        let subRip = try TestMedia.file(named: "hls-subtitles.srt", contents: Data(Self.subRipText.utf8))
        return Self.common + Self.video + Self.tone(440) + ["-i", subRip.path]
            + ["-filter_complex", "[0:v]scale=256:144[v0]", "-map", "[v0]", "-map", "1:a", "-map", "2:s"]
            + Self.encoding + ["-b:v", "200k", "-c:s", "webvtt"] + Self.hls
            + ["-var_stream_map", "v:0,a:0,s:0,sgroup:subs,language:en"] + outputs(segments: "v%v/seg%03d.ts")
    }

    private func audioLanguageArguments() -> [String] {
        let filter = "[0:v]split=2[s0][s1];[s0]scale=256:144[v0];[s1]scale=480:270[v1]"
        let streams = [
            "v:0,agroup:audio,name:v0", "v:1,agroup:audio,name:v1",
            "a:0,agroup:audio,language:en,name:audio-en,default:yes", "a:1,agroup:audio,language:fr,name:audio-fr",
        ]
        return Self.common + Self.video + Self.tone(440) + Self.tone(880)
            + ["-filter_complex", filter, "-map", "[v0]", "-map", "[v1]", "-map", "1:a", "-map", "2:a"]
            + Self.encoding + ["-b:v:0", "200k", "-b:v:1", "500k"] + Self.hls
            + ["-var_stream_map", streams.joined(separator: " ")]
            + outputs(segments: "%v/seg%03d.ts", playlist: "%v/index.m3u8")
    }

    private static var subRipText: String {
        HLSTestMedia.subtitleCues.enumerated().map { index, cue in
            "\(index + 1)\n\(srtTime(cue.start)) --> \(srtTime(cue.end))\n\(cue.text)\n"
        }.joined(separator: "\n")
    }

    private static func srtTime(_ time: Duration) -> String {
        let milliseconds =
            Int(time.components.seconds) * 1000 + Int(time.components.attoseconds / 1_000_000_000_000_000)
        let (seconds, millis) = milliseconds.quotientAndRemainder(dividingBy: 1000)
        return "00:00:" + String(format: "%02d,%03d", seconds, millis)
    }

    /// The key file (served next to the variants) and ffmpeg's key info file (kept outside
    /// the served root): URI as written in the playlists, key path, IV.
    private func writeKeyInfo() throws -> URL {
        let key = directory.appendingPathComponent("aes.key")
        try Data(HLSTestMedia.aes128Key).write(to: key)
        let info = "../aes.key\n\(key.path)\n\(HLSTestMedia.aes128IV.hexString)\n"
        return try TestMedia.file(named: "hls-aes128.keyinfo", contents: Data(info.utf8))
    }

    private func run(_ ffmpeg: URL, _ arguments: [String]) async throws {
        let result = try await ToolRunner.run(ffmpeg, arguments, timeout: .seconds(120))
        guard result.status == 0 else {
            throw ToolError(description: "ffmpeg \(arguments.joined(separator: " ")) failed: \(result.errorText)")
        }
    }
}

extension [UInt8] {
    /// Lowercase hex, two digits a byte, no prefix (the form ffmpeg and openssl take).
    var hexString: String { map { String(format: "%02x", $0) }.joined() }
}
