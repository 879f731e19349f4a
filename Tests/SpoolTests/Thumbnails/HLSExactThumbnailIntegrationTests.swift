import Foundation
import Spool
import SpoolTestSupport
import Testing

/// Exact thumbnails of an HLS stream (no I-frame playlist) against `ffmpeg -ss T -i VARIANT
/// -frames:v 1` of the same media playlist: the frame the player's exact seek shows, counted on
/// the stream's own timeline, not from where the rounded EXTINF durations put each segment.
@Suite("AssetImageGenerator: exact frames over HLS (integration)", .serialized, .timeLimit(.minutes(5)))
struct HLSExactThumbnailIntegrationTests {
    /// 12 s of H.264 (B-frames, 25 fps, a keyframe every 2 s) and AAC in MPEG-TS segments of
    /// 2 s, as ffmpeg's HLS muxer writes them: the audio starts before the first shown video
    /// frame, so a segment's first timestamp is not where its EXTINF sum puts it.
    static func makeStream() async throws -> URL {
        // Made once per test run (the suite is serialized): every case reads the same stream.
        let directory = try TestMedia.directory().appendingPathComponent("hls-exact-thumbnails").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let playlist = "\(directory)/index.m3u8"
        if FileManager.default.fileExists(atPath: playlist) { return URL(fileURLWithPath: directory) }
        _ = try await PlayTool.ffmpeg([
            "-y", "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25", "-f", "lavfi", "-i",
            "sine=frequency=440:sample_rate=48000", "-t", "12", "-c:v", "libx264", "-g", "50", "-keyint_min", "50",
            "-sc_threshold", "0", "-bf", "2", "-pix_fmt", "yuv420p", "-c:a", "aac", "-f", "hls", "-hls_time", "2",
            "-hls_playlist_type", "vod", "-hls_segment_filename", "\(directory)/seg%03d.ts", "\(playlist).tmp.m3u8",
        ])
        try FileManager.default.moveItem(atPath: "\(playlist).tmp.m3u8", toPath: playlist)
        return URL(fileURLWithPath: directory)
    }

    @Test(
        "zero tolerance at 10 times equals ffmpeg -ss T -i VARIANT -frames:v 1, pixel for pixel, with its time",
        // Not below 0.5 s: ffmpeg 5.1's input seek in an HLS playlist's first second gives the
        // frame at 2 s (its keyframe after), which `start` below checks against every frame.
        arguments: [0.5, 1.0, 1.99, 2.0, 3.3, 6.44, 7.96, 8.01, 11.84, 11.9])
    func exactFramesEqualFFmpeg(seconds: Double) async throws {
        let directory = try await Self.makeStream()
        let server = try await NginxServer.start(NginxConfiguration(root: directory))
        defer { server.stop() }
        let generator = AssetImageGenerator(asset: URLAsset(url: server.url("/index.m3u8")))
        generator.requestedTimeToleranceBefore = .zero
        generator.requestedTimeToleranceAfter = .zero
        let image = try await generator.image(at: ThumbnailReference.time(seconds))
        let variant = directory.appendingPathComponent("index.m3u8")
        let reference = try await ThumbnailReference.frame(variant, at: seconds)
        #expect(reference.count == 320 * 240 * 3)
        let samePixels = ThumbnailReference.rgb(image) == reference
        #expect(samePixels, "the frame at \(seconds) s differs from ffmpeg's")
        // The frame's own time on the stream's timeline: the first frame (25 fps) not before T.
        #expect(image.actualTime >= ThumbnailReference.time(seconds), "actual \(image.actualTime.seconds)")
        #expect(image.actualTime.seconds - seconds < 0.041, "actual \(image.actualTime.seconds) for \(seconds)")
    }

    @Test("zero tolerance at 0 and 0.04 s: the first and second frames, as decoding every frame shows them")
    func start() async throws {
        let directory = try await Self.makeStream()
        let server = try await NginxServer.start(NginxConfiguration(root: directory))
        defer { server.stop() }
        let generator = AssetImageGenerator(asset: URLAsset(url: server.url("/index.m3u8")))
        generator.requestedTimeToleranceBefore = .zero
        generator.requestedTimeToleranceAfter = .zero
        let variant = directory.appendingPathComponent("index.m3u8")
        for seconds in [0.0, 0.04] {
            let image = try await generator.image(at: ThumbnailReference.time(seconds))
            let reference = try await ThumbnailReference.frameDecodingAll(variant, at: seconds, width: 320, height: 240)
            let samePixels = ThumbnailReference.rgb(image) == reference
            #expect(samePixels, "the frame at \(seconds) s differs from ffmpeg's")
            #expect(image.actualTime >= ThumbnailReference.time(seconds), "actual \(image.actualTime.seconds)")
            #expect(image.actualTime.seconds - seconds < 0.041, "actual \(image.actualTime.seconds) for \(seconds)")
        }
    }
}
