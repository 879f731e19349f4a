package import Foundation

/// A value guarded by a condition variable, for threads that must block until the value
/// reaches some state (a reader waiting for bytes, a test waiting for a server event).
///
/// `Mutex` cannot express "wait until": a waiter must release the lock atomically while it
/// sleeps, which is what `NSCondition` does. Waits are bounded by a real-time timeout
/// because they serve blocking I/O and loopback integration tests, never playback timing.
///
/// `package` so that SpoolTestSupport's loopback server shares it without making it API.
package final class ConditionLock<State: Sendable>: @unchecked Sendable {
    // Unchecked sendability: `state` is read and written only between `condition.lock()` and
    // `condition.unlock()` (every method below), so no two threads ever touch it at once.
    private let condition = NSCondition()
    private var state: State
    /// Threads blocked in `wait` right now, and threads in `waitForBlockedThread` watching
    /// for them (both guarded like `state`).
    private var blockedThreads = 0
    private var watchers = 0
    /// Engine threads of a virtual clock blocked here, by their clock's token (guarded like
    /// `state`): whoever wakes the waiters marks them running on their clock first.
    private var engineWaits: [(clock: any VirtualEngineClock, token: Int)] = []

    /// Wraps `initial`; from now on it is reachable only through the lock.
    package init(_ initial: State) {
        state = initial
    }

    /// Runs `body` with exclusive access to the state. Does not wake waiters.
    package func withLock<Result, Failure: Error>(
        _ body: (inout State) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        condition.lock()
        defer { condition.unlock() }
        return try body(&state)
    }

    /// Runs `body` with exclusive access to the state, then wakes every waiter so it
    /// re-checks its condition (also when `body` throws: it may have changed the state).
    package func update<Result, Failure: Error>(
        _ body: (inout State) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        condition.lock()
        defer {
            releaseEngineWaits()
            condition.broadcast()
            condition.unlock()
        }
        return try body(&state)
    }

    /// Blocks the calling thread until `body` returns a value, re-running it each time the
    /// state is updated. `body` may change the state (to consume what it waited for).
    ///
    /// - Parameter timeout: the longest real time to wait; `nil` waits without bound
    ///   (callers use that only when another mechanism, such as a network timeout or
    ///   `cancel()`, is guaranteed to update the state). On an engine thread of a virtual
    ///   clock (`SpoolThread.start(_:clock:_:)`) the timeout is measured on that clock.
    /// - Returns: what `body` returned, or `nil` when the timeout passed first.
    package func wait<Result, Failure: Error>(
        timeout: Duration?,
        _ body: (inout State) throws(Failure) -> Result?
    ) throws(Failure) -> Result? {
        if let clock = EngineThreadContext.current {
            return try waitAsEngineThread(until: timeout.map { clock.now() + $0 }, on: clock, body)
        }
        let deadline = timeout.map { ContinuousClock.now.advanced(by: $0) }
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let result = try body(&state) { return result }
            let remaining = deadline.map { ContinuousClock.now.duration(to: $0) }
            if let remaining, remaining <= .zero { return nil }
            blockedThreads += 1
            // Only when watched: two waiters broadcasting before every wait would wake each
            // other forever.
            if watchers > 0 {
                releaseEngineWaits()
                condition.broadcast()
            }
            if let remaining {
                // NSCondition takes a wall-clock date; it is recomputed from the monotonic
                // deadline on every pass, so a wall-clock jump can only shorten one pass.
                _ = condition.wait(until: Date(timeIntervalSinceNow: remaining.timeInterval))
            } else {
                condition.wait()
            }
            blockedThreads -= 1
        }
    }

    /// `wait` on an engine thread of `clock`: blocks, reported to the clock with `deadline`,
    /// until `body` returns a value or the clock reaches the deadline.
    func waitAsEngineThread<Result, Failure: Error>(
        until deadline: Duration?, on clock: any VirtualEngineClock,
        _ body: (inout State) throws(Failure) -> Result?
    ) throws(Failure) -> Result? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let result = try body(&state) { return result }
            if let deadline, clock.now() >= deadline { return nil }
            blockedThreads += 1
            if watchers > 0 {
                releaseEngineWaits()
                condition.broadcast()
            }
            let token = clock.block(until: deadline) { [weak self] in self?.wakeEngineWaits() }
            engineWaits.append((clock, token))
            condition.wait()
            blockedThreads -= 1
            // Still listed: woken by neither a state change nor the clock (a spurious wake).
            if let index = engineWaits.firstIndex(where: { $0.token == token && $0.clock === clock }) {
                engineWaits.remove(at: index)
                clock.unblock(token)
            }
        }
    }

    /// Marks every engine thread blocked here running on its clock: they are about to be
    /// woken. Lock held.
    private func releaseEngineWaits() {
        guard !engineWaits.isEmpty else { return }
        for wait in engineWaits { wait.clock.unblock(wait.token) }
        engineWaits.removeAll()
    }

    /// A virtual clock reached a deadline of a thread blocked here: wakes every waiter.
    private func wakeEngineWaits() {
        condition.lock()
        releaseEngineWaits()
        condition.broadcast()
        condition.unlock()
    }

    /// Blocks until some other thread is blocked in `wait` (e.g. a reader waiting for bytes),
    /// or `timeout` passed. For tests that must act on a call known to be blocked.
    package func waitForBlockedThread(timeout: Duration) -> Bool {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        condition.lock()
        watchers += 1
        defer {
            watchers -= 1
            condition.unlock()
        }
        while blockedThreads == 0 {
            let remaining = ContinuousClock.now.duration(to: deadline)
            guard remaining > .zero else { return false }
            _ = condition.wait(until: Date(timeIntervalSinceNow: remaining.timeInterval))
        }
        return true
    }
}

extension Duration {
    /// The duration in (fractional) seconds, for Foundation APIs that take `TimeInterval`.
    package var timeInterval: TimeInterval {
        let parts = components
        return TimeInterval(parts.seconds) + TimeInterval(parts.attoseconds) / 1e18
    }
}
