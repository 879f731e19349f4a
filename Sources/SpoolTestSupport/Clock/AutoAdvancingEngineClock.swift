import SpoolCore

/// A `VirtualEngineClock` for tests: time moves only when every engine thread on it is blocked,
/// and then straight to the earliest deadline among them, so playback under a timed download
/// runs in milliseconds with exact, repeatable counts (ExoPlayer's auto-advancing FakeClock).
///
/// It never moves past `limit`: `run(until:)` raises the limit and returns once the clock stands
/// there with every engine thread blocked, which is when a test reads what happened by then.
/// A test that must act before time may move (set an item, press play) takes a `hold()`.
/// Time stands still until the first engine thread joins, and runs freely to the limit once
/// every engine thread has ended (between two items, too: a test of one item at a time).
package final class AutoAdvancingEngineClock: VirtualEngineClock {
    private struct Blocked {
        let deadline: Duration?
        let wake: @Sendable () -> Void
    }

    private struct State {
        var now: Duration = .zero
        var limit: Duration = .zero
        var threads = 0
        var holds = 0
        var nextToken = 0
        var blocked: [Int: Blocked] = [:]
        var wakers = ClockWakers()
        /// `run(until:)` callers, resumed once the clock is idle at or past their instant.
        var idleWaiters: [(instant: Duration, continuation: CheckedContinuation<Void, Never>)] = []
        var stopped = false

        /// Whether an engine thread ever joined: until one has, the engine has not started
        /// (an item is still loading on other threads) and time stands still.
        var hadThreads = false

        /// Every engine thread is blocked (or all have ended) and nothing holds the clock.
        var isQuiet: Bool { hadThreads && holds == 0 && blocked.count == threads }
    }

    /// What the advancing thread does next.
    private enum Step {
        case stop
        case wake([@Sendable () -> Void], idle: [CheckedContinuation<Void, Never>])
    }

    // ConditionLock (pthread), not Mutex: ThreadSanitizer follows it (see ManualClock). The
    // advancing thread waits on it as a plain thread, not as an engine thread.
    private let state = ConditionLock(State())

    /// A clock at zero that may not move until `run(until:)` lets it.
    package init() {
        SpoolThread.start("spool-test-clock") { [state] in Self.advance(state) }
    }

    /// Ends the advancing thread; the clock stands still from then on.
    package func stop() {
        state.update { $0.stopped = true }
    }

    package func enroll() {
        state.update { state in
            state.threads += 1
            state.hadThreads = true
        }
    }

    package func depart() { state.update { $0.threads -= 1 } }

    package func block(until deadline: Duration?, wake: @escaping @Sendable () -> Void) -> Int {
        state.update { state in
            state.nextToken += 1
            state.blocked[state.nextToken] = Blocked(deadline: deadline, wake: wake)
            return state.nextToken
        }
    }

    package func unblock(_ token: Int) {
        _ = state.update { $0.blocked.removeValue(forKey: token) }
    }

    package func now() -> Duration { state.withLock { $0.now } }

    /// `nil`: only the clock's own moves wake a waiter.
    package func blockingLimit(for remaining: Duration) -> Duration? { nil }

    package func addWaker(_ wake: @escaping @Sendable () -> Void) -> Int {
        state.update { $0.wakers.add(wake) }
    }

    package func removeWaker(_ token: Int) {
        state.update { $0.wakers.remove(token) }
    }

    /// Keeps the clock where it is until the returned hold is released, whatever the engine
    /// threads do: for a test setting up what must be in place before time moves.
    package func hold() -> Hold {
        state.update { $0.holds += 1 }
        return Hold(clock: self)
    }

    /// A `hold()`; `release()` lets the clock move again.
    package struct Hold: Sendable {
        fileprivate let clock: AutoAdvancingEngineClock

        /// Ends the hold (call once).
        package func release() { clock.state.update { $0.holds -= 1 } }
    }

    /// Lets the clock move up to `instant` and suspends until it stands there with every
    /// engine thread blocked (or stands later, if it already did).
    package func run(until instant: Duration) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            state.update { state in
                state.limit = max(state.limit, instant)
                state.idleWaiters.append((instant, continuation))
            }
        }
    }

    /// The advancing thread: waits for quiet, moves the clock, wakes who is due.
    private static func advance(_ state: ConditionLock<State>) {
        while true {
            let step = state.wait(timeout: nil) { state -> Step? in
                if state.stopped {
                    return .stop
                }
                guard state.isQuiet else { return nil }
                let next = state.blocked.values.compactMap(\.deadline).min()
                if let next, next <= state.limit {
                    state.now = max(state.now, next)
                    let now = state.now
                    let due = state.blocked.filter { $0.value.deadline.map { $0 <= now } ?? false }
                    for token in due.keys { state.blocked[token] = nil }
                    return .wake(due.values.map(\.wake) + state.wakers.all, idle: [])
                }
                // Nothing is due before the limit: time runs on to it with every thread asleep.
                var moved = false
                if state.now < state.limit {
                    state.now = state.limit
                    moved = true
                }
                let now = state.now
                let idle = state.idleWaiters.filter { $0.instant <= now }.map(\.continuation)
                state.idleWaiters.removeAll { $0.instant <= now }
                guard moved || !idle.isEmpty else { return nil }
                return .wake(moved ? state.wakers.all : [], idle: idle)
            }
            switch step {
            case .stop?, nil: return
            case .wake(let wakes, let idle)?:
                for wake in wakes { wake() }
                for continuation in idle { continuation.resume() }
            }
        }
    }
}
