import Foundation
import SpoolTestSupport

/// The parts of `ffprobe -v error -print_format json -show_format -show_streams` the probe
/// tests compare against: FFmpeg's own command-line view of the same file.
struct FFprobeReport: Decodable {
    struct Stream: Decodable {
        struct Disposition: Decodable {
            var attachedPic: Int
        }

        var codecType: String
        var codecName: String?
        var width: Int?
        var height: Int?
        var avgFrameRate: String?
        var rFrameRate: String?
        var channels: Int?
        var sampleRate: String?
        var bitRate: String?
        var disposition: Disposition?
        var tags: [String: String]?

        var isAttachedPicture: Bool { disposition?.attachedPic == 1 }

        /// avg_frame_rate, falling back to r_frame_rate, as a number ("25/1" → 25).
        var framesPerSecond: Double? {
            Self.rational(avgFrameRate) ?? Self.rational(rFrameRate)
        }

        private static func rational(_ text: String?) -> Double? {
            guard let parts = text?.split(separator: "/"), parts.count == 2,
                let numerator = Double(parts[0]), let denominator = Double(parts[1]),
                numerator > 0, denominator > 0
            else { return nil }
            return numerator / denominator
        }
    }

    struct Format: Decodable {
        var formatName: String
        var duration: String?
        var bitRate: String?
        var tags: [String: String]?
    }

    var streams: [Stream]
    var format: Format

    /// Runs ffprobe on `url` and decodes its report.
    static func load(_ url: URL) async throws -> FFprobeReport {
        let ffprobe = try ToolRunner.find("ffprobe")
        let output = try await ToolRunner.run(
            ffprobe, ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", url.path])
        guard output.status == 0 else { throw ToolError(description: "ffprobe failed: \(output.errorText)") }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(FFprobeReport.self, from: output.standardOutput)
    }

    /// A format-level tag, matching keys case-insensitively as FFmpeg does.
    func formatTag(_ key: String) -> String? {
        format.tags?.first { $0.key.caseInsensitiveCompare(key) == .orderedSame }?.value
    }
}
