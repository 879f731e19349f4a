import Foundation
import SpoolCore
import SpoolMedia
import SpoolTestSupport
import Testing

/// Decoding exactness, checked against FFmpeg itself: every frame, every byte of the
/// `framemd5` text, single-threaded and with automatic threads.
@Suite("Video decoding matches ffmpeg -f framemd5", .timeLimit(.minutes(3)))
struct VideoFrameMD5Tests {
    static let fixtures: [TestMedia.Fixture] = [.h264AACMP4, .vp9OpusWebM, .hevcMKV, .h264AACTransportStream]

    @Test("the framemd5 text equals ffmpeg's, byte for byte", arguments: fixtures, [1, 0])
    func matchesFFmpeg(_ fixture: TestMedia.Fixture, threadCount: Int) async throws {
        let url = try await TestMedia.url(for: fixture)
        let expected = try await ffmpegFrameMD5(of: url, inputOptions: ["-threads", "1"])
        let actual = try await frameMD5(of: url, threadCount: threadCount)
        #expect(hashColumn(actual).count == 50)
        #expect(actual == expected)
    }

    /// Timing beyond a plain 25 fps: gaps from dropped frames (every fifth frame removed,
    /// in Matroska's 1/1000 and MP4's 1/12800 time bases) and NTSC's 30000/1001 rate.
    static let timingCases: [(name: String, rate: String, filter: String?)] = [
        ("gaps.mkv", "25", "select='not(eq(mod(n\\,5)\\,3))'"),
        ("gaps.mp4", "25", "select='not(eq(mod(n\\,5)\\,3))'"),
        ("ntsc.mp4", "30000/1001", nil),
    ]

    @Test("frame gaps and fractional rates are timed as ffmpeg times them", arguments: timingCases)
    func matchesFFmpegTiming(_ name: String, rate: String, filter: String?) async throws {
        let url = try TestMedia.directory().appendingPathComponent("timing-\(name)")
        let source = ["-f", "lavfi", "-i", "testsrc2=size=320x240:rate=\(rate)", "-t", "2"]
        let selection = filter.map { ["-vf", $0, "-vsync", "vfr"] } ?? []
        let result = try await ToolRunner.run(
            try ToolRunner.find("ffmpeg"),
            ["-nostdin", "-loglevel", "error", "-y"] + source + selection
                + ["-c:v", "libx264", "-preset", "ultrafast", url.path])
        try #require(result.status == 0, "\(result.errorText)")
        let expected = try await ffmpegFrameMD5(of: url, inputOptions: ["-threads", "1"])
        #expect(try await frameMD5(of: url, threadCount: 0) == expected)
    }
}
