import Foundation
import SpoolTestSupport
import Testing

/// Without a display, opening an SDL window fails at once with SDL's reason: the real SDL
/// path, run in a child process (`SpoolOutputChild`) whose environment lacks a usable
/// `DISPLAY` (SDL reads only the process environment, which tests must not change).
@Suite(.timeLimit(.minutes(3)))
struct VideoOutputUnavailableIntegrationTests {
    @Test func withoutDISPLAYInitThrowsUnavailableAtOnce() async throws {
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = nil
        environment["WAYLAND_DISPLAY"] = nil
        let (lines, elapsed) = try await Self.runChild(environment: environment)

        #expect(lines.first == "probe: false")
        #expect(lines.last?.hasPrefix("unavailable: cannot open a display (DISPLAY is not set): ") == true, "\(lines)")
        #expect(elapsed < Self.atOnce)
    }

    @Test func withADisplayNobodyServesInitThrowsUnavailableAtOnce() async throws {
        // A display number with no server socket (and TCP is not tried for ":N").
        let number = (900..<999).first { !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\($0)") } ?? 999
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = ":\(number)"
        environment["WAYLAND_DISPLAY"] = nil
        let (lines, elapsed) = try await Self.runChild(environment: environment)

        #expect(lines.first == "probe: false")
        #expect(lines.last?.hasPrefix("unavailable: cannot open a display (DISPLAY=:\(number)): ") == true, "\(lines)")
        #expect(elapsed < Self.atOnce)
    }

    /// "At once": the child's whole run, start-up of the test binary included, which takes
    /// seconds on a machine whose cores the rest of the suite keeps busy; a connect that hung
    /// would take far longer (the suite's one-minute limit).
    static let atOnce = Duration.seconds(20)

    /// Runs the child to completion and returns its output lines and how long it took.
    static func runChild(environment: [String: String]) async throws -> (lines: [String], elapsed: Duration) {
        let child = try ToolRunner.builtProduct("SpoolOutputChild")
        let process = Process()
        process.executableURL = child
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        let started = ContinuousClock.now
        let status = try await withCheckedThrowingContinuation {
            (continuation: CheckedContinuation<Int32, any Error>) in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
        let elapsed = started.duration(to: .now)
        // A few short lines: far below a pipe's capacity, so reading after the exit is safe.
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(status == 0)
        return (text.split(separator: "\n").map(String.init), elapsed)
    }
}
