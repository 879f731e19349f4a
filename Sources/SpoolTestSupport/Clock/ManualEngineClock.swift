import SpoolCore

/// An `EngineClock` that moves only when a test tells it to: engine threads waiting for a
/// deadline on it wake exactly when `advance` moves time past the deadline, never by
/// sleeping, so a test of "waits until the reload is due" counts wake-ups exactly.
package final class ManualEngineClock: EngineClock {
    private struct State {
        var now: Duration = .zero
        var wakers = ClockWakers()
    }

    // ConditionLock (pthread), not Mutex: ThreadSanitizer follows it (see ManualClock).
    private let state = ConditionLock(State())

    /// A clock at zero.
    package init() {}

    /// The current virtual time.
    package func now() -> Duration { state.withLock { $0.now } }

    /// `nil`: only `advance` moves this clock, so waiters block until a waker fires.
    package func blockingLimit(for remaining: Duration) -> Duration? { nil }

    /// Registers `wake`, called after each `advance`.
    package func addWaker(_ wake: @escaping @Sendable () -> Void) -> Int {
        state.withLock { $0.wakers.add(wake) }
    }

    /// Removes the waker registered under `token`.
    package func removeWaker(_ token: Int) {
        state.withLock { $0.wakers.remove(token) }
    }

    /// Moves time forward by `duration` (negative durations are ignored) and wakes every
    /// waiter, outside the clock's lock, so each re-checks its deadline.
    package func advance(by duration: Duration) {
        let wakers = state.withLock { state in
            state.now += max(duration, .zero)
            return state.wakers.all
        }
        for wake in wakers { wake() }
    }

    /// Moves time to `instant` if it is later than now, waking every waiter.
    package func advance(to instant: Duration) {
        advance(by: instant - now())
    }
}
