/// An `EngineClock` that moves by itself: once every engine thread on it is blocked, it jumps
/// to the earliest deadline any of them waits for (ExoPlayer's auto-advancing FakeClock), so a
/// stall, a live reload or a 12-s pause plays out in milliseconds and always the same way.
///
/// Engine threads join it through `SpoolThread.start(_:clock:_:)`; their `ConditionLock` waits
/// then report to it (`block`/`unblock`) and measure their timeouts on it. A state change
/// (`ConditionLock.update`) marks the lock's blocked threads running again before it wakes
/// them, so the clock never sees "all blocked" while a woken thread has yet to run.
///
/// `package`: the engine's waits are not API.
package protocol VirtualEngineClock: EngineClock, AnyObject {
    /// One more engine thread on the clock: called by `SpoolThread.start` before the thread
    /// runs, so the clock cannot move while a starter has blocked and its thread not begun.
    func enroll()

    /// An enrolled thread ended.
    func depart()

    /// The calling engine thread blocks until `deadline` on this clock (`nil`: until woken by
    /// a state change). `wake` is called, outside the clock's lock, when the clock moves to
    /// the deadline; the thread then counts as running. Returns a token for `unblock`.
    func block(until deadline: Duration?, wake: @escaping @Sendable () -> Void) -> Int

    /// The thread behind `token` runs again (a state change woke it). Unknown tokens (already
    /// woken by the clock) are ignored.
    func unblock(_ token: Int)
}
