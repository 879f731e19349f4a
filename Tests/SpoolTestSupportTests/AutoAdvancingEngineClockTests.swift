import SpoolCore
import Testing

@testable import SpoolTestSupport

/// The auto-advancing clock with real engine threads (`SpoolThread` on the clock) waiting on
/// `ConditionLock`s: time jumps only when every one of them is blocked, and never past the limit.
@Suite("AutoAdvancingEngineClock", .timeLimit(.minutes(3)))
struct AutoAdvancingEngineClockTests {
    /// Times (on the clock) that threads wrote down, in the order written.
    final class Log: Sendable {
        private let entries = Locked<[String]>([])
        func add(_ entry: String) { entries.withLock { $0.append(entry) } }
        var all: [String] { entries.withLock { $0 } }
    }

    @Test("an engine thread's timeout is measured on the clock, which jumps to it at once")
    func timeoutsRunOnTheClock() async {
        let clock = AutoAdvancingEngineClock()
        defer { clock.stop() }
        let log = Log()
        let lock = ConditionLock(0)
        let thread = SpoolThread.start("test-waiter", clock: clock) {
            for _ in 0..<3 {
                _ = lock.wait(timeout: .seconds(10)) { _ -> Bool? in nil }
                log.add("\(clock.now())")
            }
        }
        await clock.run(until: .seconds(25))
        // Two 10-s waits are over; the third, due at 30 s, is past the limit.
        #expect(log.all == ["10.0 seconds", "20.0 seconds"])
        #expect(clock.now() == .seconds(25))
        await clock.run(until: .seconds(60))
        #expect(log.all.count == 3)
        await thread.finished()
    }

    @Test("a thread woken by a state change runs before the clock moves again")
    func wokenThreadsCountAsRunning() async {
        let clock = AutoAdvancingEngineClock()
        defer { clock.stop() }
        let rounds = 200
        let log = Log()
        let turn = ConditionLock(0)
        let waiter = SpoolThread.start("test-waiter", clock: clock) {
            for round in 1...rounds {
                // No deadline: only the setter's update wakes it.
                _ = turn.wait(timeout: nil) { $0 >= round ? true : nil }
                log.add("\(clock.now())")
            }
        }
        let setter = SpoolThread.start("test-setter", clock: clock) {
            for _ in 1...rounds {
                _ = ConditionLock(0).wait(timeout: .milliseconds(500)) { _ -> Bool? in nil }
                turn.update { $0 += 1 }
            }
            // Blocks with a far deadline: had the woken waiter still counted as blocked, the
            // clock would jump here before the waiter read it.
            _ = ConditionLock(0).wait(timeout: .seconds(1000)) { _ -> Bool? in nil }
        }
        await clock.run(until: .seconds(2000))
        #expect(log.all == (1...rounds).map { "\(Duration.milliseconds(500 * $0))" })
        await waiter.finished()
        await setter.finished()
    }

    @Test("a hold keeps the clock still while engine threads wait")
    func holdKeepsTimeStill() async {
        let clock = AutoAdvancingEngineClock()
        defer { clock.stop() }
        let hold = clock.hold()
        let log = Log()
        let thread = SpoolThread.start("test-waiter", clock: clock) {
            _ = ConditionLock(0).wait(timeout: .seconds(3)) { _ -> Bool? in nil }
            log.add("\(clock.now())")
        }
        // The limit is raised but the hold keeps time at zero: the waiter cannot be done.
        let run = Task { await clock.run(until: .seconds(5)) }
        #expect(clock.now() == .zero)
        #expect(log.all.isEmpty)
        hold.release()
        await run.value
        #expect(log.all == ["3.0 seconds"])
        await thread.finished()
    }
}
