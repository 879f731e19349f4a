import Foundation
import SpoolCore
import SpoolPersistence
import Testing

/// The durability promise, tested for real: a process writing positions is killed with
/// SIGKILL mid-stream, and everything it reported saved must be readable afterwards.
///
/// An integration test (hence the file name, which the sleep gate in scripts/gates exempts):
/// it waits on a real child process, bounded by `deadline`.
@Suite(.timeLimit(.minutes(3)))
struct SQLiteKillIntegrationTests {
    /// Keep in sync with `childPosition(_:)` in Tests/SpoolPersistenceChild/main.swift.
    static func childPosition(_ index: Int) -> Double { Double(index) * 1.5 + 0.25 }

    /// How many saves the child must report before it is killed.
    static let minimumSaves = 20
    /// How long to wait for them before failing.
    static let deadline = Duration.seconds(30)

    @Test func positionsReportedSavedSurviveSIGKILL() async throws {
        let executable = try #require(
            ChildProcess.executable(named: "SpoolPersistenceChild"),
            "SpoolPersistenceChild was not built next to the tests")
        try await withTemporaryDirectory { directory in
            let location = directory.appending(component: "resume.sqlite3")
            // Far more saves than it gets to make, so it is killed while still writing.
            let child = try ChildProcess.launch(
                executable, arguments: [location.path(percentEncoded: false), "1000000"])
            let lastReported = await Self.lastSaveReported(by: child)
            // Only while it runs: once Foundation has reaped it, its pid may belong to another process.
            if child.process.isRunning {
                kill(child.process.processIdentifier, SIGKILL)
            }
            var exited = child.exited.makeAsyncIterator()
            await exited.next()

            #expect(child.process.terminationReason == .uncaughtSignal)
            #expect(child.process.terminationStatus == SIGKILL)
            let reported = try #require(lastReported, "child did not report \(Self.minimumSaves) saves in time")

            let api = try await SQLiteProgressAPI(at: location)
            var wrong: [Int] = []
            for index in 0...reported
            where try await api.position(for: ItemID("item-\(index)")) != Self.childPosition(index) {
                wrong.append(index)
            }
            #expect(wrong.isEmpty, "positions reported saved but missing or wrong after SIGKILL: \(wrong)")
        }
    }

    /// Reads "saved N" lines until N reaches `minimumSaves`, and returns that N; `nil` if the
    /// child stops writing first or the deadline passes.
    private static func lastSaveReported(by child: ChildProcess) async -> Int? {
        await withTaskGroup(of: Int?.self) { group in
            group.addTask {
                for await line in child.lines {
                    guard line.hasPrefix("saved "), let index = Int(line.dropFirst("saved ".count)) else {
                        continue
                    }
                    if index >= minimumSaves { return index }
                }
                return nil
            }
            group.addTask {
                // A bound on a real process, not a wait for something to happen.
                try? await Task.sleep(for: deadline)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }
}
