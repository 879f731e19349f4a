import Foundation
import SpoolCore
import SpoolTestSupport
import Testing

/// The one thread type: named, registered while it runs, joinable by blocking or suspending.
@Suite("SpoolThread", .timeLimit(.minutes(3)))
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
        // The kernel's name is set with pthread_setname_np on the thread itself. Foundation's
        // `Thread.current` inside a started `Thread` is not always that thread's object on
        // Linux: the name read through it was once "oot.default-qos", the tail of a Dispatch
        // label (a fresh-clone ThreadSanitizer run), so that one stays an intermittent known issue.
        #expect(seen.withLock { $0.kernel } == "spool-named")
        withKnownIssue("Thread.current on Linux is sometimes another object", isIntermittent: true) {
            #expect(seen.withLock { $0.foundation } == "spool-named")
        }
        #expect(thread.name == "spool-named")
    }

    @Test("the kernel's name keeps the first 15 bytes, never half a character")
    func kernelNameIsCut() {
        #expect(SpoolThread.kernelName("spool-demux") == "spool-demux")
        #expect(SpoolThread.kernelName("spool-video-decode-7") == "spool-video-dec")
        #expect(SpoolThread.kernelName("spool-décodeur-x") == "spool-décodeur")
    }
}
