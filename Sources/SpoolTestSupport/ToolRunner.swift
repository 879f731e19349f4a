public import Foundation
import SpoolCore

#if canImport(Glibc)
    import Glibc
#endif

/// What a finished child process left behind.
public struct ToolOutput: Sendable {
    /// The exit status (or the signal number when it was killed by one).
    public let status: Int32
    /// Everything it wrote to stdout.
    public let standardOutput: Data
    /// Everything it wrote to stderr.
    public let standardError: Data
    /// Wall time from starting the process to its exit.
    public let elapsed: Duration
    /// Whether it was killed because it outlived the time limit given to `ToolRunner.run`.
    public let timedOut: Bool

    /// stdout as UTF-8 text.
    public var outputText: String { String(decoding: standardOutput, as: UTF8.self) }
    /// stderr as UTF-8 text.
    public var errorText: String { String(decoding: standardError, as: UTF8.self) }
}

/// Why a tool could not be run. Tests fail with this message; they never skip.
public struct ToolError: Error, CustomStringConvertible {
    /// What went wrong and what to do about it.
    public let description: String

    /// An error with `description` as its message.
    public init(description: String) { self.description = description }
}

/// Runs command-line tools (ffmpeg, ffprobe, the built `spool`) for tests, without
/// blocking a cooperative thread while they run.
public enum ToolRunner {
    /// Runs `executable` to completion. Output goes to temporary files rather than pipes,
    /// so a chatty tool can never deadlock on a full pipe. With a `timeout`, a process still
    /// running after that much real time is killed with SIGKILL and reported as `timedOut`
    /// (so a hung child fails a test instead of hanging the run). `environment` is added to
    /// (and overrides) the test process's own.
    public static func run(
        _ executable: URL, _ arguments: [String], timeout: Duration? = nil, environment: [String: String] = [:]
    ) async throws -> ToolOutput {
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("spool-tool-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("stdout")
        let errURL = scratch.appendingPathComponent("stderr")
        try Data().write(to: outURL)
        try Data().write(to: errURL)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        defer {
            try? out.close()
            try? err.close()
        }

        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = out
        process.standardError = err
        let watch = ProcessWatch()
        let started = ContinuousClock.now
        // A cancelled caller (a test that failed and cancelled the task running the tool)
        // kills the child at once; one still running when the test process exits is killed
        // then (`ChildProcesses`). Before, a `spool play --pause` a failed test left behind
        // ran on, paused, long after its test run.
        let status = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Int32, any Error>) in
                process.terminationHandler = { finished in
                    watch.finish()
                    continuation.resume(returning: finished.terminationStatus)
                }
                do {
                    try process.run()
                    watch.started(pid: process.processIdentifier)
                    if let timeout { watch.killAfter(timeout) }
                } catch {
                    process.terminationHandler = nil
                    continuation.resume(throwing: ToolError(description: "cannot run \(executable.path): \(error)"))
                }
            }
        } onCancel: {
            watch.kill()
        }
        let elapsed = started.duration(to: .now)
        watch.finish()
        return ToolOutput(
            status: status, standardOutput: try Data(contentsOf: outURL), standardError: try Data(contentsOf: errURL),
            elapsed: elapsed, timedOut: watch.didKill)
    }

    /// The executable `name` on `PATH`; throws a message saying what to install if absent.
    public static func find(_ name: String) throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw ToolError(description: "\(name) not found on PATH; install it (Debian: apt-get install ffmpeg)")
    }

    /// An executable SwiftPM built into the same directory as the running test binary
    /// (`.build/<triple>/debug/`), such as `spool`.
    public static func builtProduct(_ name: String) throws -> URL {
        var candidates: [URL] = []
        let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        candidates.append(runner.deletingLastPathComponent().appendingPathComponent(name))
        candidates.append(Bundle.main.bundleURL.appendingPathComponent(name))
        // `swift test` runs `.build/<triple>/debug/<Package>PackageTests.xctest`; walk up to
        // `.build/debug` as a fallback for runners that live elsewhere.
        var directory = runner.deletingLastPathComponent()
        while directory.path != "/" {
            candidates.append(directory.appendingPathComponent(".build/debug/\(name)"))
            directory.deleteLastPathComponent()
        }
        if let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) {
            return found
        }
        throw ToolError(
            description: "the built \(name) executable was not found next to \(runner.path); run `swift build` first")
    }
}

/// Kills a child that outlives its time limit or its caller's task, unless it finished first.
private final class ProcessWatch: Sendable {
    private struct State {
        var pid: Int32?
        var finished = false
        var killed = false
        var watchdog: Task<Void, Never>?
    }

    private let state = Locked(State())

    var didKill: Bool { state.withLock { $0.killed } }

    /// The child runs as `pid` (killed at the test process's exit if still running then).
    func started(pid: Int32) {
        ChildProcesses.add(pid)
        state.withLock { $0.pid = pid }
    }

    func killAfter(_ timeout: Duration) {
        let watchdog = Task { [self] in
            try? await Task.sleep(for: timeout)
            guard !Task.isCancelled else { return }
            kill()
        }
        state.withLock { $0.watchdog = watchdog }
    }

    /// Kills the child now, if it runs. Checked under the lock the termination handler takes,
    /// so a child whose exit was already handled is never signalled (its pid may belong to
    /// someone else by then).
    func kill() {
        state.withLock { state in
            guard !state.finished, let pid = state.pid else { return }
            state.killed = true
            Glibc.kill(pid, SIGKILL)
        }
    }

    func finish() {
        state.withLock { state in
            state.finished = true
            state.watchdog?.cancel()
            if let pid = state.pid { ChildProcesses.remove(pid) }
        }
    }
}

/// The tools' children still running, killed when the test process exits normally (an
/// `atexit` handler): a child whose test ended without awaiting it never outlives the run.
private enum ChildProcesses {
    private static let running = Locked<Set<Int32>>([])
    private static let killAtExit: Void = {
        atexit {
            for pid in ChildProcesses.running.withLock({ $0 }) { Glibc.kill(pid, SIGKILL) }
        }
    }()

    static func add(_ pid: Int32) {
        _ = killAtExit
        running.withLock { _ = $0.insert(pid) }
    }

    static func remove(_ pid: Int32) {
        running.withLock { _ = $0.remove(pid) }
    }
}
