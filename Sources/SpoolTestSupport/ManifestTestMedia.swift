public import Foundation

/// Manifest inputs written by the ffmpeg CLI, once per test process, into
/// `TestMedia.directory()`: a DASH MPD (SegmentTemplate, 1-s fMP4 segments) and an HLS media
/// playlist of MPEG-TS segments, each 4 s of H.264 video and AAC audio.
public enum ManifestTestMedia {
    /// The DASH MPD, `dash/clip.mpd`, beside its init and media segments.
    public static func dashMPD() async throws -> URL { try await cache.dash.value }

    /// The HLS media playlist, `hls/clip.m3u8`, beside its segments.
    public static func hlsPlaylist() async throws -> URL { try await cache.hls.value }

    private static let cache = Cache()

    private final class Cache: Sendable {
        let dash = Task {
            try await ManifestTestMedia.write(
                folder: "dash", name: "clip.mpd", muxer: ["-f", "dash", "-seg_duration", "1"])
        }
        let hls = Task {
            try await ManifestTestMedia.write(
                folder: "hls", name: "clip.m3u8", muxer: ["-f", "hls", "-hls_time", "1", "-hls_list_size", "0"])
        }
    }

    private static func write(folder: String, name: String, muxer: [String]) async throws -> URL {
        let directory = try TestMedia.directory().appendingPathComponent("manifest-\(folder)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let output = directory.appendingPathComponent(name)
        let result = try await ToolRunner.run(
            try ToolRunner.find("ffmpeg"),
            [
                "-nostdin", "-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i",
                "testsrc2=size=320x240:rate=25", "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000", "-t", "4",
                "-c:v", "libx264", "-g", "25", "-pix_fmt", "yuv420p", "-c:a", "aac",
            ] + muxer + [output.path],
            timeout: .seconds(60))
        guard result.status == 0 else {
            throw ToolError(description: "ffmpeg could not write \(name): \(result.errorText)")
        }
        return output
    }
}
