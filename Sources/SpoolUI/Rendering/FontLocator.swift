import Foundation

/// Finds the font files the overlay draws with: fontconfig's choice (`fc-match`) for a family
/// and style, else DejaVu's known path (Debian's fonts-dejavu-core, which scripts/bootstrap
/// installs).
enum FontLocator {
    /// Where Debian puts DejaVu Sans.
    static let dejaVuDirectory = "/usr/share/fonts/truetype/dejavu"

    /// The file of the sans-serif font, bold or regular; `nil` when none is found.
    static func sansSerif(bold: Bool) -> String? {
        if let path = fontconfigMatch(bold ? "sans:bold" : "sans"), FileManager.default.fileExists(atPath: path) {
            return path
        }
        let known = "\(dejaVuDirectory)/\(bold ? "DejaVuSans-Bold.ttf" : "DejaVuSans.ttf")"
        return FileManager.default.fileExists(atPath: known) ? known : nil
    }

    /// fontconfig's file for `pattern`, through its command-line tool (the library itself is
    /// not linked: one lookup per renderer does not justify a new C module).
    private static func fontconfigMatch(_ pattern: String) -> String? {
        let tool = "/usr/bin/fc-match"
        guard FileManager.default.isExecutableFile(atPath: tool) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["-f", "%{file}", pattern]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        let path = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        // fontconfig falls back to any font it has; only a TrueType/OpenType file will do for SDL_ttf.
        return path.hasSuffix(".ttf") || path.hasSuffix(".otf") ? path : nil
    }
}
