import Foundation
import SpoolTestSupport

/// `ffprobe -show_chapters -of json`: FFmpeg's command-line view of a file's chapters.
struct FFprobeChapters: Decodable {
    struct Chapter: Decodable {
        var startTime: String
        var endTime: String
        var tags: [String: String]?

        var title: String? { tags?["title"] }
        var start: Double { Double(startTime) ?? .nan }
        var end: Double { Double(endTime) ?? .nan }
    }

    var chapters: [Chapter]

    /// Runs ffprobe on `url` and decodes its chapter list.
    static func load(_ url: URL) async throws -> [Chapter] {
        let ffprobe = try ToolRunner.find("ffprobe")
        let output = try await ToolRunner.run(ffprobe, ["-v", "error", "-of", "json", "-show_chapters", url.path])
        guard output.status == 0 else { throw ToolError(description: "ffprobe failed: \(output.errorText)") }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(FFprobeChapters.self, from: output.standardOutput).chapters
    }
}
