import Foundation
import SpoolTestSupport
import Testing

/// Runs the built `spool` executable the way a user would.
@Suite("spool probe", .timeLimit(.minutes(3)))
struct ProbeCommandTests {
    static func spool(_ arguments: String...) async throws -> ToolOutput {
        try await ToolRunner.run(try ToolRunner.builtProduct("spool"), arguments)
    }

    static func jsonObject(_ output: ToolOutput) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: output.standardOutput)
        return try #require(object as? [String: Any], "stdout is not one JSON object: \(output.outputText)")
    }

    @Test("--json on an MP4 prints one object with the documented fields")
    func jsonForMP4() async throws {
        let url = try await TestMedia.url(for: .h264AACMP4)
        let output = try await Self.spool("probe", "--json", url.path)
        #expect(output.status == 0)
        #expect(output.errorText.isEmpty)
        let json = try Self.jsonObject(output)

        #expect(Set(json.keys) == ["duration", "isLive", "isPlayable", "format", "tracks", "metadata", "chapters"])
        #expect((json["chapters"] as? [Any])?.isEmpty == true)
        let duration = try #require(json["duration"] as? Double)
        #expect(abs(duration - 2) <= 1.0 / 25)
        #expect(json["isLive"] as? Bool == false)
        #expect(json["isPlayable"] as? Bool == true)
        #expect((json["format"] as? String)?.contains("mp4") == true)

        let tracks = try #require(json["tracks"] as? [[String: Any]])
        try #require(tracks.count == 2)
        let keys: Set = [
            "kind", "codec", "language", "width", "height", "frameRate", "channels", "sampleRate", "bitRate",
            "index", "title", "default", "forced", "closedCaptions",
        ]
        #expect(tracks.allSatisfy { Set($0.keys) == keys })
        #expect(tracks.map { $0["closedCaptions"] as? Bool } == [false, false])
        let (video, audio) = (tracks[0], tracks[1])
        #expect(video["kind"] as? String == "video")
        #expect(video["codec"] as? String == "h264")
        #expect(video["width"] as? Int == 320)
        #expect(video["height"] as? Int == 240)
        #expect(video["frameRate"] as? Double == 25)
        #expect(video["channels"] is NSNull)
        #expect(audio["kind"] as? String == "audio")
        #expect(audio["codec"] as? String == "aac")
        #expect(audio["sampleRate"] as? Int == 48000)
        #expect(audio["channels"] as? Int == 1)
        #expect(audio["language"] as? String == "eng")
        #expect(audio["width"] is NSNull)
    }

    @Test("--json summarises artwork instead of dumping it")
    func jsonForMP3WithCover() async throws {
        let url = try await TestMedia.url(for: .mp3WithCover)
        let output = try await Self.spool("probe", "--json", url.path)
        #expect(output.status == 0)
        let json = try Self.jsonObject(output)
        let metadata = try #require(json["metadata"] as? [String: Any])
        #expect(metadata["title"] as? String == TestMedia.mp3Tags.title)
        #expect(metadata["artist"] as? String == TestMedia.mp3Tags.artist)
        #expect(metadata["album"] as? String == TestMedia.mp3Tags.album)
        let artwork = try #require(metadata["artwork"] as? [String: Any])
        #expect(Set(artwork.keys) == ["mimeType", "bytes"])
        #expect(artwork["mimeType"] as? String == "image/jpeg")
        #expect((artwork["bytes"] as? Int ?? 0) > 0)
        #expect((json["tracks"] as? [Any])?.count == 1)
    }

    @Test("without --json it prints a readable summary")
    func textSummary() async throws {
        let url = try await TestMedia.url(for: .vp9OpusWebM)
        let output = try await Self.spool("probe", url.path)
        #expect(output.status == 0)
        let text = output.outputText
        #expect(text.contains("matroska,webm"))
        #expect(text.contains("video vp9 320x240 25 fps"))
        #expect(text.contains("audio opus 48000 Hz 1 ch"))
        #expect(text.split(separator: "\n").count > 3)
    }

    @Test("a missing file exits 1 with one 'spool:' line on stderr")
    func missingFile() async throws {
        let path = try TestMedia.directory().appendingPathComponent("no-such-file.mp4").path
        let output = try await Self.spool("probe", "--json", path)
        #expect(output.status == 1)
        #expect(output.standardOutput.isEmpty)
        #expect(output.errorText == "spool: not found: \(path)\n")
    }

    @Test("unreadable input exits 1 with one 'spool:' line on stderr")
    func garbage() async throws {
        let url = try TestMedia.file(
            named: "cli-noise.bin", contents: TestMedia.pseudoRandomBytes(count: 64 * 1024, seed: 99))
        let output = try await Self.spool("probe", url.path)
        #expect(output.status == 1)
        #expect(output.standardOutput.isEmpty)
        let lines = output.errorText.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 2 && lines[1].isEmpty)
        #expect(lines.first?.hasPrefix("spool: ") == true)
        #expect(lines.first?.contains("cli-noise.bin") == true)
    }

    @Test("a readable file with nothing playable exits 1 with one 'spool:' line on stderr")
    func notPlayable() async throws {
        let url = try TestMedia.file(named: "cli-captions.srt", contents: Data(TestMedia.subRipText.utf8))
        let output = try await Self.spool("probe", "--json", url.path)
        #expect(output.status == 1)
        #expect(output.standardOutput.isEmpty)
        #expect(output.errorText == "spool: \(url.path): not playable: no audio or video track\n")
    }

    @Test("a missing argument is a usage error")
    func usage() async throws {
        let output = try await Self.spool("probe")
        #expect(output.status == 2)
        #expect(output.errorText.contains("usage: spool probe [--json] URL|PATH"))
    }
}
