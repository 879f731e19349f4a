import Foundation
import Spool

#if canImport(Glibc)
    import Glibc
#endif

/// The `s` key of `spool play`: a PNG of the frame at the current time — the frame
/// `ffmpeg -ss T -i INPUT -frames:v 1` gives for that time — under `$XDG_PICTURES_DIR`
/// (or `xdg-user-dir PICTURES`), else the current directory. The path is printed on stderr.
/// An existing file is never replaced: the name gets a `-2`, `-3`… suffix instead.
@MainActor
enum Screenshot {
    /// Takes a screenshot of `player`'s current item at its current time, off the main actor.
    static func take(_ player: Player) {
        guard let item = player.currentItem else { return }
        let now = player.currentTime()
        guard now.isNumeric else { return }
        // The player's clock runs on the container's timeline; the generator counts from its start.
        let origin = item.seekableTimeRanges.first?.start ?? .zero
        let time = MediaTime(seconds: max((now - origin).seconds, 0), preferredTimescale: 1_000_000)
        let asset = item.asset
        Task.detached(priority: .utility) {
            let generator = AssetImageGenerator(asset: asset)
            generator.requestedTimeToleranceBefore = .zero
            generator.requestedTimeToleranceAfter = .zero
            do {
                let image = try await generator.image(at: time)
                // Asking xdg-user-dir and writing the file block: not on the cooperative pool.
                let path = try await runOffThePool { () throws(ScreenshotError) -> String in
                    do {
                        return try save(image, input: asset.url, directory: picturesDirectory())
                    } catch {
                        throw ScreenshotError(description: "\(error)")
                    }
                }
                StandardError.write(
                    "spool: screenshot \(path) (t=\(String(format: "%.6f", time.seconds)) s, frame at "
                        + "\(String(format: "%.6f", image.actualTime.seconds)) s)\n")
            } catch {
                StandardError.report("screenshot: \(error)")
            }
        }
    }

    struct ScreenshotError: Error, CustomStringConvertible {
        let description: String
    }

    /// Writes `image` as `spool-<input name>-<time>.png` in `directory`, adding a suffix
    /// while the name is taken; returns the path.
    nonisolated static func save(_ image: GeneratedImage, input: URL, directory: String) throws -> String {
        let data = try image.pngData()
        let base = input.deletingPathExtension().lastPathComponent
        let stem = "spool-\(base.isEmpty ? "screenshot" : base)-\(String(format: "%.3f", image.requestedTime.seconds))"
        for attempt in 1...1000 {
            let name = attempt == 1 ? "\(stem).png" : "\(stem)-\(attempt).png"
            let path = (directory as NSString).appendingPathComponent(name)
            guard let handle = try OutputFile.createNew(path) else { continue }
            try PNGWriter.write(data, to: handle, path: path)
            return path
        }
        throw PNGWriter.WriteError(description: "cannot find a free file name for \(stem).png in \(directory)")
    }

    /// `$XDG_PICTURES_DIR`, else what `xdg-user-dir PICTURES` says (when it names an existing
    /// directory other than the home directory, its answer when unset), else the current directory.
    nonisolated static func picturesDirectory(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> String {
        if let directory = environment["XDG_PICTURES_DIR"], !directory.isEmpty { return directory }
        if let answer = xdgUserDirectory(environment: environment), isDirectory(answer),
            answer != environment["HOME"]
        {
            return answer
        }
        return FileManager.default.currentDirectoryPath
    }

    private nonisolated static func xdgUserDirectory(environment: [String: String]) -> String? {
        let paths = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        guard
            let tool = paths.map({ ($0 as NSString).appendingPathComponent("xdg-user-dir") }).first(where: {
                FileManager.default.isExecutableFile(atPath: $0)
            })
        else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["PICTURES"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return nil
        }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        let path = String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return path.isEmpty ? nil : path
    }

    private nonisolated static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
