/// The time the engine's own threads wait on: the HLS download loop's reload and retry
/// deadlines today, every blocking wait of the pipeline as the engine moves onto it.
///
/// Production uses `HostEngineClock` (the monotonic host clock; a deadline is a real-time
/// wait). Tests use a virtual clock that moves only when told to, so a thread that waits for
/// a deadline wakes exactly when the test moves time past it, never by sleeping: a virtual
/// clock returns `nil` from `blockingLimit` and calls its wakers each time it moves.
///
/// `package`: the waits it serves go through `ConditionLock`, which is not API.
package protocol EngineClock: Sendable {
    /// Monotonic time since the clock's origin.
    func now() -> Duration

    /// The longest real time a thread may block before checking again whether a deadline
    /// `remaining` away has passed; `nil` blocks until a waker fires (a virtual clock).
    func blockingLimit(for remaining: Duration) -> Duration?

    /// Registers `wake`, called each time `now` moves forward by other means than real time
    /// passing (a virtual clock's advance), after `now` has moved and outside the clock's own
    /// lock (a waker takes the waiting thread's lock, which may be held while reading `now`).
    /// Returns a token for `removeWaker`. Real clocks never call it.
    func addWaker(_ wake: @escaping @Sendable () -> Void) -> Int

    /// Removes a waker `addWaker` registered; unknown tokens are ignored.
    func removeWaker(_ token: Int)
}

/// The host's monotonic clock (the pipeline's `HostTime` timeline): deadlines are waited for
/// in real time.
package struct HostEngineClock: EngineClock {
    private let read: @Sendable () -> Duration

    /// A clock reading `now` (a monotonic source such as the pipeline's host time).
    package init(now: @escaping @Sendable () -> Duration) {
        read = now
    }

    /// `now` as given.
    package func now() -> Duration { read() }

    /// The remaining time itself: real time is what moves this clock.
    package func blockingLimit(for remaining: Duration) -> Duration? { remaining }

    /// Never calls `wake`: real time needs no waking.
    package func addWaker(_ wake: @escaping @Sendable () -> Void) -> Int { 0 }

    /// Nothing to remove.
    package func removeWaker(_ token: Int) {}
}

extension ConditionLock {
    /// Blocks the calling thread until `body` returns a value or `deadline` on `clock` passes,
    /// re-running `body` each time the state is updated or the clock moves.
    ///
    /// - Parameter deadline: a time on `clock`; `nil` waits without a deadline.
    /// - Returns: what `body` returned, or `nil` once the deadline has passed.
    package func wait<Result, Failure: Error>(
        until deadline: Duration?, on clock: some EngineClock,
        _ body: (inout State) throws(Failure) -> Result?
    ) throws(Failure) -> Result? {
        guard let deadline else { return try wait(timeout: nil, body) }
        if let own = EngineThreadContext.current, own === (clock as AnyObject) {
            return try waitAsEngineThread(until: deadline, on: own, body)
        }
        // Registered before the first check of the time, so an advance between the check and
        // the wait cannot be missed: the waker takes this lock, which the waiter holds until
        // it is parked.
        let token = clock.addWaker { [weak self] in self?.update { _ in } }
        defer { clock.removeWaker(token) }
        while true {
            let remaining = deadline - clock.now()
            if remaining <= .zero { return try withLock(body) }
            let outcome = try wait(timeout: clock.blockingLimit(for: remaining)) {
                (state) throws(Failure) -> DeadlineWait<Result>? in
                if let result = try body(&state) { return .value(result) }
                // A virtual clock moved past the deadline while this thread was parked.
                return clock.now() >= deadline ? .deadlinePassed : nil
            }
            switch outcome {
            case .value(let result)?: return result
            case .deadlinePassed?: return nil
            case nil: continue  // a real-time pass ended: check the clock again
            }
        }
    }
}

/// How one pass of a deadline wait ended.
private enum DeadlineWait<Value> {
    case value(Value)
    case deadlinePassed
}
