import SpoolCore

/// Lets tasks wait, without blocking, until a bus thread has finished.
final class BusThreadLifecycle: Sendable {
    private struct State {
        var isFinished = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Locked(State())

    /// Called by the bus thread as its last act: wakes every waiter, now and later.
    func finish() {
        let waiters = state.withLock { state in
            state.isFinished = true
            defer { state.waiters.removeAll() }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once `finish()` has been called (at once if it has been).
    func waitUntilFinished() async {
        await withCheckedContinuation { continuation in
            let finished = state.withLock { state in
                if !state.isFinished { state.waiters.append(continuation) }
                return state.isFinished
            }
            if finished { continuation.resume() }
        }
    }
}
