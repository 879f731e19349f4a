import Foundation
import SpoolTestSupport

/// One untimed `spool play --stats` of a damaged file, and ffmpeg's decode of the same file
/// to compare it with. Video is decoded on one thread on both sides: with frame threads,
/// how FFmpeg's H.264 decoder conceals damage depends on how the threads happen to run, so
/// neither `spool` nor `ffmpeg` gives the same pictures twice (seen: three different
/// listings in four runs of each); on one thread both give one listing, every time.
struct DamagedPlayback {
    /// The run's exit status and output.
    var output: ToolOutput
    /// The framemd5 hashes of the frames presented (empty with `video: false`).
    var hashes: [String]
    /// The audio played, when the WAV was written.
    var wav: WAVFile?
    /// `--stats`' `damagedPacketsSkipped`, when stdout held the statistics.
    var damagedPacketsSkipped: Int?

    /// Plays `input` untimed into a framemd5 listing (or `--no-video`) and a WAV file.
    static func play(_ input: String, video: Bool = true) async throws -> DamagedPlayback {
        let listing = try PlayTool.scratchPath("damaged.framemd5")
        let wavPath = try PlayTool.scratchPath("damaged.wav")
        let videoArguments = video ? ["--decoder-threads", "1", "--vo", "framemd5:\(listing)"] : ["--no-video"]
        let output = try await PlayTool.spool(
            ["play", "--untimed", "--stats", "--ao", "wav:\(wavPath)"] + videoArguments + [input],
            timeout: .seconds(60))
        let listed = video ? (try? String(contentsOfFile: listing, encoding: .utf8)) ?? "" : ""
        let stats = try? JSONSerialization.jsonObject(with: output.standardOutput) as? [String: Any]
        return DamagedPlayback(
            output: output, hashes: PlayTool.hashColumn(listed), wav: try? WAVFile(path: wavPath),
            damagedPacketsSkipped: stats?["damagedPacketsSkipped"] as? Int)
    }

    /// ffmpeg's framemd5 hashes of `url`'s first video stream, decoded on one thread.
    static func ffmpegHashes(_ url: URL) async throws -> [String] {
        PlayTool.hashColumn(try await PlayTool.ffmpegFrameMD5(of: url, inputOptions: ["-threads", "1"]))
    }

    /// How many times ffmpeg's decoder rejected a packet of `stream` in `url` as damaged ("Error
    /// while decoding stream", which the CLI logs and goes on after), decoding on one thread.
    static func ffmpegDecodeErrors(_ url: URL, stream: String) async throws -> Int {
        let output = try await ToolRunner.run(
            try ToolRunner.find("ffmpeg"),
            ["-nostdin", "-hide_banner", "-threads", "1", "-i", url.path, "-map", stream, "-f", "null", "-"],
            timeout: .seconds(60))
        return PlayTool.lines(output.errorText).filter { $0.hasPrefix("Error while decoding stream") }.count
    }
}
