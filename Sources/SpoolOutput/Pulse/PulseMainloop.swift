internal import CPulse

/// Owns a `pa_threaded_mainloop`: libpulse's event loop, running on a thread of its own.
///
/// Why unchecked sendability is sound: the handle never changes, and the loop's lock is the
/// one lock for everything attached to it. `withLock`, `signal` and `stopThread` are
/// libpulse's thread-safe entry points; every other `pa_*` call on this loop's context,
/// streams and operations happens inside `withLock` (the rule `PulseContext`, `PulseStream`,
/// `PulseOperation` and `PulsePlaybackSession` follow), and so does every access to
/// `isThreadRunning`. libpulse's callbacks run on the loop thread with the lock held; Spool's
/// callbacks only call `signal`, waking threads parked in `wait`.
///
/// The lock is recursive (deinitializers of the handle owners lock it again), but `wait`
/// must be called holding it exactly once, or the wait cannot release it.
final class PulseMainloop: @unchecked Sendable {
    /// The `pa_threaded_mainloop*` this object owns and frees in `deinit`.
    private let handle: OpaquePointer
    /// Whether the loop thread has been started; read and written only under the lock.
    private var isThreadRunning = false

    /// Creates a stopped loop; `nil` only when libpulse cannot allocate one.
    init?() {
        guard let handle = pa_threaded_mainloop_new() else { return nil }
        self.handle = handle
        pa_threaded_mainloop_set_name(handle, "spool-pulse")
    }

    deinit {
        // No thread can be waiting here: waiters hold a reference to this object.
        pa_threaded_mainloop_stop(handle)
        pa_threaded_mainloop_free(handle)
    }

    /// The loop's API table, for creating contexts and time events. Call with the lock held.
    var api: UnsafeMutablePointer<pa_mainloop_api>? { pa_threaded_mainloop_get_api(handle) }

    /// Runs `body` holding the loop's lock.
    func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        pa_threaded_mainloop_lock(handle)
        defer { pa_threaded_mainloop_unlock(handle) }
        return try body()
    }

    /// Starts the loop thread unless it already runs. Call with the lock held (the new thread
    /// simply waits for it). Returns `false` if the thread could not be created.
    func startThreadIfNeeded() -> Bool {
        if isThreadRunning { return true }
        isThreadRunning = pa_threaded_mainloop_start(handle) >= 0
        return isThreadRunning
    }

    /// Stops and joins the loop thread; nothing is dispatched afterwards. Call *without* the
    /// lock (the loop thread needs it to finish). Idempotent.
    func stopThread() {
        pa_threaded_mainloop_stop(handle)
        withLock { isThreadRunning = false }
    }

    /// Releases the lock until some callback (or another thread) calls `signal`, then retakes
    /// it. Wake-ups may be spurious: callers re-check their condition in a loop. Call with the
    /// lock held exactly once, never on the loop thread.
    func wait() {
        pa_threaded_mainloop_wait(handle)
    }

    /// Wakes every thread parked in `wait`. Safe from callbacks and from any thread.
    func signal() {
        pa_threaded_mainloop_signal(handle, 0)
    }

    /// The pointer handed to libpulse as callback user data: the callbacks in this module
    /// only pass it to `PulseMainloop.signal(userdata:)`. Valid while this object lives, and
    /// every context and stream holding callbacks keeps this object alive.
    var callbackUserdata: UnsafeMutableRawPointer { UnsafeMutableRawPointer(handle) }

    /// The body of every Spool callback: wake the waiters of the loop `userdata` names.
    static func signal(userdata: UnsafeMutableRawPointer?) {
        guard let userdata else { return }
        pa_threaded_mainloop_signal(OpaquePointer(userdata), 0)
    }
}
