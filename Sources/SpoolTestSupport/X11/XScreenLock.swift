import SpoolCore

/// One X screen shared by every test that opens windows, in any test target: suites that
/// look at the screen (screenshots, window positions) take this lock, so windows of another
/// suite running in parallel never overlap theirs. Waiters are served in arrival order.
public final class XScreenLock: Sendable {
    /// The lock for the test X server of this process.
    public static let shared = XScreenLock()

    private let state = Locked<(held: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    private init() {}

    /// Runs `body` while holding the lock; suspends (never blocks a thread) until it is free.
    public func withExclusiveScreen<T>(_ body: () async throws -> T) async rethrows -> T {
        await acquire()
        defer { release() }
        return try await body()
    }

    private func acquire() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let acquired = state.withLock { state -> Bool in
                if state.held {
                    state.waiters.append(continuation)
                    return false
                }
                state.held = true
                return true
            }
            if acquired { continuation.resume() }
        }
    }

    private func release() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.waiters.isEmpty else {
                state.held = false
                return nil
            }
            return state.waiters.removeFirst()  // ownership passes straight to the next waiter
        }
        next?.resume()
    }
}
