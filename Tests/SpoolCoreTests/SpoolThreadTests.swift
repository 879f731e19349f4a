import Foundation
import SpoolCore
import SpoolTestSupport
import Testing

/// The one thread type: named, registered while it runs, joinable by blocking or suspending.
@Suite("SpoolThread", .timeLimit(.minutes(1)))
struct SpoolThreadTests {
    @Test("a thread is in the registry under its name until its body returns; join and finished wait for that")
    func registryAndJoin() async {
        let name = "spool-test-\(UInt32.random(in: 0...UInt32.max))"
        let (entered, gate) = (ConditionLock(false), ConditionLock(false))
        let thread = SpoolThread.start(name) {
            entered.update { $0 = true }
            _ = gate.wait(timeout: .seconds(30)) { $0 ? true : nil }
        }
        #expect(thread.name == name)
        // Registered before `start` returned, before the body ran.
        #expect(SpoolThread.running().contains(name))
        #expect(await runOnDedicatedThread { entered.wait(timeout: .seconds(30)) { $0 ? true : nil } } == true)
        #expect(!thread.isFinished)
        #expect(await runOnDedicatedThread { thread.join(timeout: .zero) } == false, "the body is still blocked")

        gate.update { $0 = true }
        await thread.finished()
        #expect(thread.isFinished)
        #expect(!SpoolThread.running().contains(name))
        #expect(await runOnDedicatedThread { thread.join() })
        await thread.finished()  // at once, once finished
    }

    @Test("the body runs on a thread called by its name, the kernel's name too (what top -H and gdb show)")
    func threadIsNamed() async {
        let seen = ConditionLock<(foundation: String?, kernel: String?)>((nil, nil))
        let thread = SpoolThread.start("spool-named", qualityOfService: .userInteractive) {
            let kernel = try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)
            seen.update { $0 = (Thread.current.name, kernel?.trimmingCharacters(in: .whitespacesAndNewlines)) }
        }
        await thread.finished()
        // Once in a fresh-clone run (under ThreadSanitizer, both names) the thread read as
        // "oot.default-qos", the tail of libdispatch's "com.apple.root.default-qos": something in
        // Foundation or Dispatch renamed it after the body named it. Not understood yet; the
        // registry's name (what tests and `SpoolThread.running()` use) is not affected.
        withKnownIssue("Foundation on Linux sometimes renames the thread to a Dispatch label", isIntermittent: true) {
            #expect(seen.withLock { $0.foundation } == "spool-named")
            #expect(seen.withLock { $0.kernel } == "spool-named")
        }
        #expect(thread.name == "spool-named")
    }
}
