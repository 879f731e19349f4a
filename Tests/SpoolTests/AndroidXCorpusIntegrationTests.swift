import Foundation
import SpoolTestSupport
import Testing

/// Real-world files nobody on the project wrote: AndroidX Media3's test media (103 files, see
/// ../shared/corpus/androidx-media/README.md), read in place, never copied into the repo.
///
/// For every file: the first video stream's frames hash like `ffmpeg -noautorotate -f framemd5`
/// (the listing hashes decoded frames; rotation is display metadata), and the WAV holds
/// exactly the samples ffmpeg decodes (`-f f32le`) from one of the file's audio streams. A
/// file ffmpeg cannot decode at all must end in one clear `spool:` line and exit 1, never a
/// crash or a hang. Serialized: one file at a time, so 103 spool and ffmpeg runs do not load
/// the machine under the suite's timing-sensitive tests.
///
/// The corpus lives beside the repository (../shared), not in it: a clone on its own has none.
/// Then the suite is skipped, saying where it looked; in CI (`CI=true`) its absence fails.
@Suite(
    "androidx-media corpus: every file plays as ffmpeg decodes it (integration)", .serialized,
    .timeLimit(.minutes(10)))
struct AndroidXCorpusIntegrationTests {
    /// Whether the manifest is there to read.
    static let isPresent = FileManager.default.fileExists(atPath: corpus.appendingPathComponent("MANIFEST.tsv").path)
    /// Whether this run is CI's, where the corpus must be present.
    static let isCI = ProcessInfo.processInfo.environment["CI"] == "true"
    /// Why the file tests do not run here, when they do not.
    static let absence = Comment(
        rawValue: "../shared/corpus/androidx-media is missing (looked in \(corpus.path)); "
            + "the corpus suite is skipped outside CI")

    static let corpus: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/corpus/androidx-media")

    /// The media files the manifest lists (the first column), in its order.
    static let files: [String] = {
        guard let manifest = try? String(contentsOf: corpus.appendingPathComponent("MANIFEST.tsv"), encoding: .utf8)
        else { return [] }
        // The playlists kept beside the media are for a parser check, not for playing.
        return manifest.split(separator: "\n").dropFirst().compactMap { line in
            line.split(separator: "\t").first.map(String.init)
        }.filter { !$0.hasPrefix("playlists/") }
    }()

    /// What ffprobe says the file holds.
    private struct Streams {
        var videoCount = 0
        var audioCount = 0
    }

    private static func streams(of url: URL) async throws -> Streams {
        let output = try await ToolRunner.run(
            try ToolRunner.find("ffprobe"),
            [
                "-v", "error", "-show_entries", "stream=codec_type:stream_disposition=attached_pic", "-of", "json",
                url.path,
            ],
            timeout: .seconds(60))
        let object = try JSONSerialization.jsonObject(with: output.standardOutput) as? [String: Any]
        var streams = Streams()
        for stream in object?["streams"] as? [[String: Any]] ?? [] {
            let attached = (stream["disposition"] as? [String: Any])?["attached_pic"] as? Int ?? 0
            switch stream["codec_type"] as? String {
            case "video" where attached == 0: streams.videoCount += 1
            case "audio": streams.audioCount += 1
            default: break
            }
        }
        return streams
    }

    /// `ffmpeg ARGS`'s stdout, or `nil` when it fails.
    private static func ffmpeg(_ arguments: [String]) async throws -> Data? {
        let output = try await ToolRunner.run(
            try ToolRunner.find("ffmpeg"), ["-nostdin", "-hide_banner", "-loglevel", "error"] + arguments,
            timeout: .seconds(120))
        return output.status == 0 ? output.standardOutput : nil
    }

    @Test(
        "the corpus is there (../shared/corpus/androidx-media, 103 files)", .enabled(if: isPresent || isCI, absence))
    func corpusPresent() {
        #expect(Self.isPresent, "CI=true and \(Self.absence)")
        #expect(Self.files.count == 103, "looked in \(Self.corpus.path)")
    }

    /// Timed, not untimed: its audio (0.77 s) ends before its video (1.2 s), and the audio
    /// thread took the empty queue after its end for a stall, froze the clock and never
    /// ended the item (the untimed run above has no clock to freeze).
    @Test(
        "sample_shorter_audio.mp4 plays to its end in real time (audio ends before the video)",
        .enabled(if: isPresent, absence))
    func shorterAudioPlaysToTheEnd() async throws {
        let url = Self.corpus.appendingPathComponent("mp4/sample_shorter_audio.mp4")
        let played = try await PlayTool.spool(
            ["play", "--vo", "null", "--ao", "null", url.path], timeout: .seconds(30))
        #expect(played.status == 0, "stderr: \(played.errorText)")
    }

    @Test(
        "the file plays like ffmpeg decodes it, or fails in one clear line", .enabled(if: isPresent, absence),
        arguments: files)
    func playsLikeFFmpeg(_ path: String) async throws {
        let url = Self.corpus.appendingPathComponent(path)
        let streams = try await Self.streams(of: url)
        let listing = try PlayTool.scratchPath("corpus.framemd5")
        let wav = try PlayTool.scratchPath("corpus.wav")
        let played = try await PlayTool.spool(
            ["play", "--untimed", "--vo", "framemd5:\(listing)", "--ao", "wav:\(wav)", url.path], timeout: .seconds(120)
        )
        #expect(played.status == 0 || played.status == 1, "a crash or a signal: \(played.status)")

        let referenceVideo =
            streams.videoCount > 0
            ? try await Self.ffmpeg(["-noautorotate", "-i", url.path, "-map", "0:v:0", "-f", "framemd5", "-"]) : nil
        var referenceAudio: [Data] = []
        for index in 0..<streams.audioCount {
            if let samples = try await Self.ffmpeg(["-i", url.path, "-map", "0:a:\(index)", "-f", "f32le", "-"]) {
                referenceAudio.append(samples)
            }
        }
        let ffmpegDecodes = referenceVideo != nil || referenceAudio.contains { !$0.isEmpty }
        guard ffmpegDecodes else {
            // Nothing ffmpeg can decode: one clear failure.
            #expect(played.status == 1, "ffmpeg decodes nothing here; spool exited \(played.status)")
            #expect(played.errorText.hasPrefix("spool: "), "stderr: \(played.errorText)")
            return
        }
        #expect(played.status == 0, "stderr: \(played.errorText)")
        guard played.status == 0 else { return }
        if let referenceVideo {
            let ours = PlayTool.hashColumn(try String(contentsOfFile: listing, encoding: .utf8))
            let theirs = PlayTool.hashColumn(String(decoding: referenceVideo, as: UTF8.self))
            #expect(ours == theirs, "video: \(ours.count) frames against ffmpeg's \(theirs.count)")
        }
        let audible = referenceAudio.filter { !$0.isEmpty }
        if !audible.isEmpty {
            let samples = try WAVFile(path: wav).data
            #expect(
                audible.contains(samples),
                "audio: \(samples.count) bytes; ffmpeg's streams: \(audible.map(\.count)) bytes")
        }
    }
}
