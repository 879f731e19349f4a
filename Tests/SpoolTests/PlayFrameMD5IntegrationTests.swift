import Foundation
import SpoolTestSupport
import Testing

/// `spool play --vo framemd5:FILE` against `ffmpeg -f framemd5`: the real engine (demux,
/// decode and render threads) must hand every frame over exactly as FFmpeg decodes it.
@Suite("spool play: frames equal ffmpeg's (integration)", .timeLimit(.minutes(3)))
struct PlayFrameMD5IntegrationTests {
    /// The audio side of a run: played into the null output, or ignored.
    enum AudioChoice: String, CaseIterable, Sendable, CustomStringConvertible {
        case null = "--ao null"
        case none = "--no-audio"

        var arguments: [String] { rawValue.split(separator: " ").map(String.init) }
        var description: String { rawValue }
    }

    @Test(
        "untimed framemd5 equals ffmpeg's byte for byte",
        arguments: [
            TestMedia.Fixture.h264AACMP4, .vp9OpusWebM, .hevcMKV, .h264AACTransportStream, .h264VFRMP4,
        ], AudioChoice.allCases)
    func untimedMatchesFFmpeg(_ fixture: TestMedia.Fixture, audio: AudioChoice) async throws {
        let url = try await TestMedia.url(for: fixture)
        let listing = try PlayTool.scratchPath("\(fixture).framemd5")
        let output = try await PlayTool.spool(
            ["play", "--untimed", "--vo", "framemd5:\(listing)"] + audio.arguments + [url.path])
        #expect(output.status == 0, "stderr: \(output.errorText)")
        #expect(output.errorText.isEmpty)
        let ours = try String(contentsOfFile: listing, encoding: .utf8)
        let reference = try await PlayTool.ffmpegFrameMD5(of: url, inputOptions: ["-threads", "1"])
        #expect(PlayTool.frameLines(reference).count >= 30)
        #expect(ours == reference)
    }

    /// The listing hashes frames as decoded; the rotation is display metadata, which FFmpeg's
    /// CLI applies by default (autorotate, a transpose filter) but `-noautorotate` does not.
    @Test("a rotated clip's frames equal ffmpeg's decoded frames (-noautorotate)")
    func rotatedClip() async throws {
        let url = try await TestMedia.url(for: .h264RotatedMP4)
        let listing = try PlayTool.scratchPath("rotated.framemd5")
        let output = try await PlayTool.spool(
            ["play", "--untimed", "--vo", "framemd5:\(listing)", "--ao", "null", url.path])
        #expect(output.status == 0, "stderr: \(output.errorText)")
        let ours = try String(contentsOfFile: listing, encoding: .utf8)
        let decoded = try await PlayTool.ffmpegFrameMD5(of: url, inputOptions: ["-threads", "1", "-noautorotate"])
        #expect(ours == decoded)
        #expect(ours.contains("#dimensions 0: 320x240"))
        // The fixture really is rotated: ffmpeg's default output is the transposed picture.
        let displayed = try await PlayTool.ffmpegFrameMD5(of: url, inputOptions: ["-threads", "1"])
        #expect(displayed.contains("#dimensions 0: 240x320"))
    }

    /// 0.52 s is the start of frame 13, 1.3 s lies inside frame 32 (1.28–1.32 s); the
    /// keyframes are at frames 0, 12, 24 and 36, so both land between keyframes.
    @Test("--start T lands on the frame `ffmpeg -ss T` gives", arguments: [0.52, 1.3])
    func accurateStart(_ seconds: Double) async throws {
        let url = try await TestMedia.url(for: .h264ShortGOPMP4)
        let listing = try PlayTool.scratchPath("start-\(seconds).framemd5")
        let output = try await PlayTool.spool(
            [
                "play", "--start", "\(seconds)", "--frames", "1", "--untimed", "--vo", "framemd5:\(listing)",
                "--no-audio", url.path,
            ])
        #expect(output.status == 0, "stderr: \(output.errorText)")
        let ours = PlayTool.hashColumn(try String(contentsOfFile: listing, encoding: .utf8))
        let expected = PlayTool.hashColumn(
            try await PlayTool.ffmpegFrameMD5(
                of: url, inputOptions: ["-threads", "1", "-ss", "\(seconds)"], outputOptions: ["-frames:v", "1"]))
        try #require(expected.count == 1)
        #expect(ours.first == expected.first)
        // The frame before it is different (so landing one frame early would be caught).
        let all = PlayTool.hashColumn(try await PlayTool.ffmpegFrameMD5(of: url, inputOptions: ["-threads", "1"]))
        let index = try #require(all.firstIndex(of: expected[0]))
        #expect(index > 0 && all[index - 1] != expected[0] && index % 12 != 0)
    }

    @Test(
        "--frames N stops after N presented frames"
    )
    func frameLimit() async throws {
        let url = try await TestMedia.url(for: .h264ShortGOPMP4)
        let listing = try PlayTool.scratchPath("frames.framemd5")
        let output = try await PlayTool.spool(
            [
                "play", "--start", "0.52", "--frames", "1", "--untimed", "--vo", "framemd5:\(listing)", "--no-audio",
                url.path,
            ]
        )
        #expect(output.status == 0)
        #expect(PlayTool.frameLines(try String(contentsOfFile: listing, encoding: .utf8)).count == 1)
    }

    @Test("a file served over HTTP plays frame for frame like the local file")
    func httpPlayback() async throws {
        let url = try await TestMedia.url(for: .h264AACMP4)
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.setRoute("/clip.mp4", .file(try Data(contentsOf: url)))
        let listing = try PlayTool.scratchPath("http.framemd5")
        let output = try await PlayTool.spool(
            [
                "play", "--untimed", "--vo", "framemd5:\(listing)", "--ao", "null",
                server.url("/clip.mp4").absoluteString,
            ])
        #expect(output.status == 0, "stderr: \(output.errorText)")
        let reference = try await PlayTool.ffmpegFrameMD5(of: url, inputOptions: ["-threads", "1"])
        #expect(try String(contentsOfFile: listing, encoding: .utf8) == reference)
        #expect(!server.log.requests(to: "/clip.mp4").isEmpty)
    }

    @Test("spool probe --json describes a file served over HTTP")
    func httpProbe() async throws {
        let url = try await TestMedia.url(for: .vp9OpusWebM)
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        server.setRoute("/clip.webm", .file(try Data(contentsOf: url)))
        let output = try await PlayTool.spool(["probe", "--json", server.url("/clip.webm").absoluteString])
        #expect(output.status == 0, "stderr: \(output.errorText)")
        let object = try JSONSerialization.jsonObject(with: output.standardOutput)
        let json = try #require(object as? [String: Any])
        let duration = try #require(json["duration"] as? Double)
        #expect(abs(duration - 2) <= 1.0 / 25)
        #expect(json["isPlayable"] as? Bool == true)
        let tracks = try #require(json["tracks"] as? [[String: Any]])
        #expect(tracks.compactMap { $0["codec"] as? String }.sorted() == ["opus", "vp9"])
        #expect(tracks.contains { $0["width"] as? Int == 320 && $0["height"] as? Int == 240 })
    }
}
