import Foundation
import SpoolCore
import SpoolTestSupport
import Testing

/// The clips of the seek table (`SeekTableVirtualTimeIntegrationTests`): the same 3 s of
/// 320x240 testsrc2 at 25 fps (a keyframe every second: a frame every 40 ms from the first,
/// keyframes 1 s apart) with a 3-s tone, in each container the table covers. Made by
/// the ffmpeg CLI once per run and shared by every cell.
enum SeekTableMedia {
    /// A container of the table.
    enum Container: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case mp4, mkv, mpegTS = "ts", fragmentedMP4 = "fmp4", hls
        var testDescription: String { rawValue }
    }

    /// Frames per second, frames, and frames between keyframes of every clip.
    static let frameRate = 25
    static let frameCount = 75
    static let keyframeInterval = 25

    /// One clip: its files by name (one file, or an HLS playlist and its segments), the name
    /// playback starts from, and its video frames as ffprobe lists them (stream timestamps,
    /// in presentation order: what a framemd5 of the clip shows).
    struct Clip: Sendable {
        let files: [String: Data]
        let entry: String
        let frames: [(time: MediaTime, isKeyframe: Bool)]
    }

    /// The clip in `container`, made once.
    static func clip(_ container: Container) async throws -> Clip {
        try await cache.clip(container)
    }

    private static let cache = ClipCache()

    /// Encodes the clip in `container` into a fresh scratch directory.
    fileprivate static func make(_ container: Container) async throws -> Clip {
        let directory = try TestMedia.directory().appendingPathComponent("seek-table-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let source = [
            "-y", "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=\(frameRate)", "-f", "lavfi", "-i",
            "sine=frequency=440:sample_rate=48000", "-t", "3", "-c:v", "libx264", "-preset", "ultrafast", "-g",
            "\(keyframeInterval)", "-keyint_min", "\(keyframeInterval)", "-sc_threshold", "0", "-pix_fmt", "yuv420p",
            "-c:a", "aac",
        ]
        let entry: String
        switch container {
        case .mp4:
            entry = "clip.mp4"
            _ = try await PlayTool.ffmpeg(
                source + ["-movflags", "+faststart", directory.appendingPathComponent(entry).path])
        case .mkv:
            entry = "clip.mkv"
            _ = try await PlayTool.ffmpeg(source + [directory.appendingPathComponent(entry).path])
        case .mpegTS:
            entry = "clip.ts"
            _ = try await PlayTool.ffmpeg(source + ["-f", "mpegts", directory.appendingPathComponent(entry).path])
        case .fragmentedMP4:
            entry = "clip.mp4"
            _ = try await PlayTool.ffmpeg(
                source + [
                    "-movflags", "+frag_keyframe+empty_moov+default_base_moof",
                    directory.appendingPathComponent(entry).path,
                ])
        case .hls:
            entry = "index.m3u8"
            _ = try await PlayTool.ffmpeg(
                source + [
                    "-f", "hls", "-hls_time", "1", "-hls_playlist_type", "vod", "-hls_segment_filename",
                    directory.appendingPathComponent("segment%d.ts").path, directory.appendingPathComponent(entry).path,
                ])
        }
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
            files[name] = try Data(contentsOf: directory.appendingPathComponent(name))
        }
        let frames = try await videoFrames(of: directory.appendingPathComponent(entry))
        return Clip(files: files, entry: entry, frames: frames)
    }

    /// The video frames of `url` (ffprobe decodes them all): each one's presentation time,
    /// exact (a timestamp in the stream's time base: a seek to a frame's start must not fall
    /// a rounded microsecond before it), and whether it is a keyframe, in presentation order.
    private static func videoFrames(of url: URL) async throws -> [(time: MediaTime, isKeyframe: Bool)] {
        // MPEG-TS lists the stream once more under its program: the first line is the stream's.
        let base = try await probe(url, ["-show_entries", "stream=time_base"]).first?.split(separator: "/")
        guard let base, base.count == 2, let numerator = Int64(base[0]), let denominator = Int32(base[1]) else {
            throw ToolError(description: "ffprobe gave no video time base for \(url.path)")
        }
        let frames = try await probe(url, ["-show_entries", "frame=key_frame,pts"]).compactMap {
            line -> (time: MediaTime, isKeyframe: Bool)? in
            let fields = line.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count >= 2, let pts = Int64(fields[1]) else { return nil }
            return (MediaTime(value: pts * numerator, timescale: denominator), fields[0] == "1")
        }
        guard frames.count == frameCount else {
            throw ToolError(description: "ffprobe lists \(frames.count) frames in \(url.path), not \(frameCount)")
        }
        return frames.sorted { $0.time < $1.time }
    }

    /// ffprobe's CSV lines for the first video stream of `url`.
    private static func probe(_ url: URL, _ entries: [String]) async throws -> [String] {
        let output = try await ToolRunner.run(
            try ToolRunner.find("ffprobe"),
            ["-v", "error", "-select_streams", "v:0"] + entries + ["-of", "csv=p=0", url.path], timeout: .seconds(60))
        guard output.status == 0 else {
            throw ToolError(description: "ffprobe \(entries) failed on \(url.path): \(output.errorText)")
        }
        return String(decoding: output.standardOutput, as: UTF8.self).split(separator: "\n").map(String.init).filter {
            !$0.isEmpty
        }
    }
}

/// Makes each container's clip once, however many cells ask at once.
private actor ClipCache {
    private var clips: [SeekTableMedia.Container: Task<SeekTableMedia.Clip, any Error>] = [:]

    func clip(_ container: SeekTableMedia.Container) async throws -> SeekTableMedia.Clip {
        if let clip = clips[container] { return try await clip.value }
        let clip = Task { try await SeekTableMedia.make(container) }
        clips[container] = clip
        return try await clip.value
    }
}
