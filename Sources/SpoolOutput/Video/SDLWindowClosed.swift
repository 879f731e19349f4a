import Dispatch
import SpoolCore

/// Whether the SDL thread has closed one output's window, for any number of async waiters.
///
/// Like `SDLReply`, a waiter suspends (never blocking a thread) and gives up at a real-time
/// deadline, a safety net against a stuck X server rather than playback timing.
final class SDLWindowClosed: Sendable {
    private struct State {
        var isClosed = false
        var nextWaiter = 0
        var waiters: [Int: CheckedContinuation<Bool, Never>] = [:]
    }
    private let state = Locked(State())

    /// The SDL thread closed the window: every waiter, and every later one, gets `true`.
    func markClosed() {
        let waiters = state.withLock { state -> [CheckedContinuation<Bool, Never>] in
            state.isClosed = true
            defer { state.waiters.removeAll() }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume(returning: true) }
    }

    /// `true` once the window is closed; `false` when `timeout` passed first.
    func wait(timeout: Duration) async -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let id = state.withLock { state -> Int? in
                guard !state.isClosed else { return nil }
                let id = state.nextWaiter
                state.nextWaiter += 1
                state.waiters[id] = continuation
                return id
            }
            guard let id else { return continuation.resume(returning: true) }
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout.timeInterval) {
                self.state.withLock { $0.waiters.removeValue(forKey: id) }?.resume(returning: false)
            }
        }
    }
}
