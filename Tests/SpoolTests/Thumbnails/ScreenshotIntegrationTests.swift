import Foundation
import SpoolCore
import SpoolTestSupport
import Testing

/// The `s` key of `spool play`, pressed on a real terminal: `script` gives spool a
/// pseudo-terminal (so its key reader runs) and forwards the keys this test writes.
@Suite("spool play: s takes a screenshot (integration)", .timeLimit(.minutes(3)))
struct ScreenshotIntegrationTests {
    /// `spool play` under `script`, its terminal output collected as it comes.
    final class TerminalSession: Sendable {
        private let process: Process
        private let input: Pipe
        private final class Buffer: Sendable {
            let text = Locked("")
        }

        private let output = Buffer()

        init(arguments: [String], environment: [String: String]) throws {
            let command = arguments.map { "'\($0)'" }.joined(separator: " ")
            process = Process()
            process.executableURL = try ToolRunner.find("script")
            process.arguments = ["-qfec", command, "/dev/null"]
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            input = Pipe()
            let pipe = Pipe()
            process.standardInput = input
            process.standardOutput = pipe
            process.standardError = pipe
            let output = output
            pipe.fileHandleForReading.readabilityHandler = { handle in
                let text = String(decoding: handle.availableData, as: UTF8.self)
                output.text.withLock { $0 += text }
            }
            try process.run()
        }

        var text: String { output.text.withLock { $0 } }

        func press(_ key: String) { input.fileHandleForWriting.write(Data(key.utf8)) }

        /// Waits (real time, bounded) until the output satisfies `predicate`.
        func waitFor(_ timeout: Duration, _ predicate: (String) -> Bool) async -> Bool {
            let deadline = ContinuousClock.now + timeout
            while ContinuousClock.now < deadline {
                if predicate(text) { return true }
                try? await Task.sleep(for: .milliseconds(50))
            }
            return predicate(text)
        }

        func waitForExit(_ timeout: Duration) async -> Bool {
            let exited = await waitFor(timeout) { _ in !self.process.isRunning }
            if !exited { process.terminate() }
            return exited
        }
    }

    /// The screenshot lines: path, requested time and frame time.
    static func screenshots(in text: String) -> [(path: String, time: Double)] {
        text.components(separatedBy: "spool: screenshot ").dropFirst().compactMap { line in
            let fields = line.split(separator: " ")
            guard fields.count >= 2, fields[1].hasPrefix("(t=") else { return nil }
            return (String(fields[0]), Double(fields[1].dropFirst(3)) ?? -1)
        }
    }

    @Test("paused mid-file, s writes the frame ffmpeg gives for that time; a second s never overwrites it")
    func screenshotEqualsFFmpeg() async throws {
        let url = try await TestMedia.url(for: .lowResolution1Minute)
        let pictures = try PlayTool.scratchPath("pictures")
        try FileManager.default.createDirectory(atPath: pictures, withIntermediateDirectories: true)
        let session = try TerminalSession(
            arguments: [
                try ToolRunner.builtProduct("spool").path, "play", "--no-mpris", "--no-resume", "--vo", "null",
                "--ao", "null", "--start", "10", url.path,
            ], environment: ["XDG_PICTURES_DIR": pictures])
        #expect(await session.waitFor(.seconds(30)) { $0.contains("0:00:10") }, "output: \(session.text)")
        session.press(" ")
        #expect(await session.waitFor(.seconds(10)) { $0.contains("⏸") })
        session.press("s")
        #expect(await session.waitFor(.seconds(30)) { Self.screenshots(in: $0).count == 1 }, "output: \(session.text)")
        session.press("s")
        #expect(await session.waitFor(.seconds(30)) { Self.screenshots(in: $0).count == 2 }, "output: \(session.text)")
        session.press("q")
        #expect(await session.waitForExit(.seconds(30)))

        let shots = Self.screenshots(in: session.text)
        try #require(shots.count == 2)
        #expect(shots[0].path.hasPrefix(pictures + "/spool-lowres-1min-1"))
        #expect(shots[1].path == shots[0].path.replacingOccurrences(of: ".png", with: "-2.png"))
        #expect(shots[0].time >= 10 && shots[0].time < 20)
        let reference = try PlayTool.scratchPath("ffmpeg-shot.png")
        _ = try await PlayTool.ffmpeg([
            "-ss", String(format: "%.6f", shots[0].time), "-i", url.path, "-frames:v", "1", reference,
        ])
        for shot in shots {
            let (ours, theirs) = (
                try await ThumbnailReference.pixels(ofPNG: shot.path),
                try await ThumbnailReference.pixels(ofPNG: reference)
            )
            let samePixels = !ours.isEmpty && ours == theirs
            #expect(samePixels, "\(shot.path) differs from ffmpeg's frame at \(shot.time) s")
        }
    }
}
