public import Foundation

/// Where tests leave pictures of what they saw, for a person to look at:
/// `.build/test-screenshots/` of the package, written as PNG by the ffmpeg CLI.
public enum TestScreenshots {
    /// `.build/test-screenshots/` of the package containing `filePath`, created if missing.
    public static func directory(filePath: String = #filePath) throws -> URL {
        var root = URL(fileURLWithPath: filePath)
        while root.path != "/",
            !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path)
        {
            root.deleteLastPathComponent()
        }
        let directory = root.appendingPathComponent(".build/test-screenshots", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// Writes `rgba` (8-bit RGBA rows, `width` × `height`) as `<name>.png` and returns its URL;
    /// throws when ffmpeg fails.
    @discardableResult
    public static func savePNG(rgba: [UInt8], width: Int, height: Int, as name: String) async throws -> URL {
        let directory = try directory()
        let raw = directory.appendingPathComponent("\(name).rgba")
        let png = directory.appendingPathComponent("\(name).png")
        try Data(rgba).write(to: raw)
        defer { try? FileManager.default.removeItem(at: raw) }
        let result = try await ToolRunner.run(
            try ToolRunner.find("ffmpeg"),
            [
                "-nostdin", "-hide_banner", "-loglevel", "error", "-y", "-f", "rawvideo", "-pix_fmt", "rgba", "-s",
                "\(width)x\(height)", "-i", raw.path, "-frames:v", "1", png.path,
            ], timeout: .seconds(30))
        guard result.status == 0 else {
            throw ToolError(description: "ffmpeg could not write \(png.path): \(result.errorText)")
        }
        return png
    }
}
