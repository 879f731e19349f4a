package import Foundation
import Synchronization

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
    private let done = ConditionLock(false)
    private let waiters = Mutex<[CheckedContinuation<Void, Never>]>([])

    private static let registry = Mutex<(nextID: Int, running: [Int: String])>((0, [:]))

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
        done.update { $0 = true }
        for waiter in waiters.withLock({ waiters in
            defer { waiters.removeAll() }; return waiters
        }) {
            waiter.resume()
        }
    }

    /// Whether `body` has returned.
    package var isFinished: Bool { done.withLock { $0 } }

    /// Blocks until `body` has returned, at most `timeout` (`nil`: no limit); returns whether
    /// it had. Never call it on the thread itself or the cooperative pool.
    @discardableResult
    package func join(timeout: Duration? = nil) -> Bool {
        done.wait(timeout: timeout) { $0 ? true : nil } ?? false
    }

    /// Suspends, without blocking a thread, until `body` has returned.
    package func finished() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            // Checked under the waiters' lock, which `finish` takes after setting `done`.
            let alreadyDone = waiters.withLock { waiters -> Bool in
                if done.withLock({ $0 }) { return true }
                waiters.append(continuation)
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
