import Foundation

/// What a child process that a test started was doing when the test gave up on it: its
/// threads' stacks, read with gdb, then the child killed. A window that never appears or an
/// item that never gets ready is rare and does not reproduce on demand; the stacks are what
/// tell a deadlock from a slow machine.
public enum HungChildDiagnosis {
    /// Finds the one process whose command line contains `marker` (a unique path the test
    /// passed it, so no other process is touched), prints its threads' stacks into
    /// `.build/test-screenshots/hung-<marker's last part>.txt`, kills it with SIGKILL and
    /// returns the frames of Spool's own code, demangled, at most `limit` characters (the
    /// whole text is in the file). Returns a one-line reason instead when there is no such
    /// process or gdb is missing; never throws, because it only adds to a failure.
    public static func stacksThenKill(marker: String, limit: Int = 6000) async -> String {
        guard let pidText = try? await ToolRunner.run(try ToolRunner.find("pgrep"), ["-f", marker]),
            let pid = pidText.outputText.split(separator: "\n").compactMap({ Int32($0) }).first
        else { return "(no process with \(marker) in its command line)" }
        defer { kill(pid, SIGKILL) }
        guard let gdb = try? ToolRunner.find("gdb") else { return "(gdb not found: run scripts/bootstrap)" }
        guard
            let stacks = try? await ToolRunner.run(
                gdb, ["-batch", "-p", "\(pid)", "-ex", "thread apply all bt 30"], timeout: .seconds(60))
        else { return "(gdb could not attach to \(pid))" }
        let text = await demangled(stacks.outputText)
        let name = URL(fileURLWithPath: marker).deletingPathExtension().lastPathComponent
        if let file = try? TestScreenshots.directory().appendingPathComponent("hung-\(name).txt") {
            try? Data(text.utf8).write(to: file)
        }
        let ownFrames = text.split(separator: "\n").filter { line in
            line.hasPrefix("Thread ") || line.contains("Spool") || line.contains("spool")
        }
        return String(ownFrames.joined(separator: "\n").prefix(limit))
    }

    /// `text` with Swift's mangled names replaced by `swift demangle --simplified`'s; `text`
    /// itself when that tool is missing.
    private static func demangled(_ text: String) async -> String {
        guard let swift = try? ToolRunner.find("swift") else { return text }
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("stacks-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: input) }
        guard (try? Data(text.utf8).write(to: input)) != nil,
            let output = try? await ToolRunner.run(
                try ToolRunner.find("sh"), ["-c", "\(swift.path) demangle --simplified < '\(input.path)'"],
                timeout: .seconds(30)),
            output.status == 0
        else { return text }
        return output.outputText
    }
}
