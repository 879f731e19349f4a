import Foundation
import SpoolTestSupport
import Testing

/// `ToolRunner`'s children never outlive what is waiting for them: a cancelled caller kills
/// its child at once (a failed test that cancels the task running a paused `spool play`).
@Suite("ToolRunner children", .timeLimit(.minutes(1)))
struct ToolRunnerTests {
    @Test("cancelling the task running a 30-s sleep kills it at once")
    func cancelKills() async throws {
        let pidFile = FileManager.default.temporaryDirectory.appendingPathComponent("tool-runner-\(UUID()).pid")
        defer { try? FileManager.default.removeItem(at: pidFile) }
        let run = Task {
            try await ToolRunner.run(
                URL(fileURLWithPath: "/bin/sh"), ["-c", "echo $$ > \(pidFile.path); exec sleep 30"],
                timeout: .seconds(60))
        }
        let started = await eventually(timeout: .seconds(20)) {
            (try? String(contentsOf: pidFile, encoding: .utf8))?.hasSuffix("\n") == true
        }
        try #require(started)
        let pid = try #require(
            Int32(String(contentsOf: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        run.cancel()
        let output = try await run.value
        #expect(output.elapsed < .seconds(20), "took \(output.elapsed)")
        #expect(output.status == SIGKILL, "status \(output.status)")
        #expect(kill(pid, 0) != 0, "pid \(pid) still runs")
    }
}
