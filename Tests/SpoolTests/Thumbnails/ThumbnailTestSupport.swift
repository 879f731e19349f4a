import Foundation
import Spool
import SpoolTestSupport
import Testing

/// ffmpeg's pictures to compare generated images with.
enum ThumbnailReference {
    /// `ffmpeg -ss T -i URL -frames:v 1 [-vf scale=W:H:flags=bicubic]` as packed RGB: what
    /// `OUT.png` would hold (the png encoder takes rgb24, converted by the CLI's bicubic swscale).
    static func frame(_ url: URL, at seconds: Double, scaledTo size: (Int, Int)? = nil) async throws -> [UInt8] {
        let scale = size.map { ["-vf", "scale=\($0.0):\($0.1):flags=bicubic"] } ?? []
        let data = try await PlayTool.ffmpeg(
            ["-ss", String(format: "%.6f", seconds), "-i", url.path, "-frames:v", "1"] + scale + [
                "-f", "rawvideo", "-pix_fmt", "rgb24", "-",
            ])
        return [UInt8](data)
    }

    /// The exact frame at `seconds` without trusting any seek: every frame decoded from the
    /// start (`-vsync passthrough`, rgb24), and the first whose timestamp (ffprobe's) is not
    /// before the container's start + `seconds`. For MPEG-TS, where ffmpeg's input seek (by
    /// bytes) can land on the keyframe after T and its output `-ss` works on a rounded grid.
    static func frameDecodingAll(_ url: URL, at seconds: Double, width: Int, height: Int) async throws -> [UInt8] {
        let probe = try await ToolRunner.run(
            try ToolRunner.find("ffprobe"),
            [
                "-v", "error", "-select_streams", "v:0", "-show_entries",
                "format=start_time:frame=best_effort_timestamp_time",
                "-of", "csv=p=0", url.path,
            ], timeout: .seconds(60))
        let values = probe.outputText.split(separator: "\n").compactMap { Double($0.split(separator: ",").first ?? "") }
        // Frames first, then the format's start time on the last line.
        guard let start = values.last else { throw ToolError(description: "ffprobe gave no start time") }
        let frames = values.dropLast()
        guard let index = frames.firstIndex(where: { $0 >= start + seconds - 0.000_000_5 }) ?? frames.indices.last
        else { throw ToolError(description: "ffprobe gave no frames") }
        let all = try await PlayTool.ffmpeg([
            "-i", url.path, "-map", "0:v:0", "-vsync", "passthrough", "-f", "rawvideo", "-pix_fmt", "rgb24", "-",
        ])
        let size = width * height * 3
        let offset = (index - frames.startIndex) * size
        guard all.count >= offset + size else {
            throw ToolError(description: "ffmpeg decoded fewer frames than ffprobe")
        }
        return [UInt8](all[offset..<offset + size])
    }

    /// Decodes a PNG file's pixels with ffmpeg, as packed RGB.
    static func pixels(ofPNG path: String) async throws -> [UInt8] {
        [UInt8](try await PlayTool.ffmpeg(["-i", path, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"]))
    }

    /// The image's RGB bytes (alpha dropped).
    static func rgb(_ image: GeneratedImage) -> [UInt8] {
        var rgb: [UInt8] = []
        rgb.reserveCapacity(image.width * image.height * 3)
        for pixel in stride(from: 0, to: image.rgba.count, by: 4) { rgb += image.rgba[pixel..<pixel + 3] }
        return rgb
    }

    /// Seconds with microsecond precision, as `-ss` reads them.
    static func time(_ seconds: Double) -> MediaTime {
        MediaTime(seconds: seconds, preferredTimescale: 1_000_000)
    }
}
