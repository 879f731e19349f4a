package import Foundation

/// Every thread Spool starts: named (what `top -H` and a debugger show), with a quality of
/// service, listed in a registry while it runs (`SpoolThread.running()`), and joinable.
///
/// One type instead of bare `Thread {}` sites: a test can ask which threads are alive after a
/// player stopped, and an owner can wait for its threads to end instead of assuming they will.
/// Joining blocks, so owners called on the main actor join with `finished()`, which suspends.
package final class SpoolThread: Sendable {
    /// The thread's name, as given to `start`.
    package let name: String
    private let id: Int
    /// Whether the body returned, and who awaits that. A `ConditionLock` (pthread underneath),
    /// not `Synchronization.Mutex`, whose futex ThreadSanitizer cannot follow: it reported the
    /// registry's accesses from two threads as a race.
    private let state = ConditionLock<(done: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    private static let registry = ConditionLock<(nextID: Int, running: [Int: String])>((0, [:]))

    private init(name: String, id: Int) {
        self.name = name
        self.id = id
    }

    /// Starts `body` on a new thread called `name`; it is in the registry from before this
    /// returns until `body` has returned.
    @discardableResult
    package static func start(
        _ name: String, qualityOfService: QualityOfService = .default, _ body: @escaping @Sendable () -> Void
    ) -> SpoolThread {
        let id = registry.withLock { registry -> Int in
            registry.nextID += 1
            registry.running[registry.nextID] = name
            return registry.nextID
        }
        let spoolThread = SpoolThread(name: name, id: id)
        let thread = Thread {
            // Named from inside: Foundation on Linux (6.3.1) drops a name set before `start()`,
            // so every bare `Thread` here ran as the process's name ("spool" or "xctest").
            Thread.current.name = name
            body()
            spoolThread.finish()
        }
        thread.qualityOfService = qualityOfService
        thread.start()
        return spoolThread
    }

    private func finish() {
        _ = Self.registry.withLock { $0.running.removeValue(forKey: id) }
        let waiters = state.update { state -> [CheckedContinuation<Void, Never>] in
            state.done = true
            defer { state.waiters.removeAll() }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Whether `body` has returned.
    package var isFinished: Bool { state.withLock { $0.done } }

    /// Blocks until `body` has returned, at most `timeout` (`nil`: no limit); returns whether
    /// it had. Never call it on the thread itself or the cooperative pool.
    @discardableResult
    package func join(timeout: Duration? = nil) -> Bool {
        state.wait(timeout: timeout) { $0.done ? true : nil } ?? false
    }

    /// Suspends, without blocking a thread, until `body` has returned.
    package func finished() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let alreadyDone = state.withLock { state -> Bool in
                if state.done { return true }
                state.waiters.append(continuation)
                return false
            }
            if alreadyDone { continuation.resume() }
        }
    }

    /// The names of the Spool threads running now, one entry per thread, sorted.
    package static func running() -> [String] {
        registry.withLock { $0.running.values.sorted() }
    }
}
