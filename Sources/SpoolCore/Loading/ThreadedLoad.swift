import Foundation
import Synchronization

/// Runs one blocking load on a thread of its own and lets any number of tasks await it.
///
/// Guarantees: the work never runs on the cooperative pool; every waiter gets the same
/// outcome; `cancel()` resumes waiters at once with `.cancelled` and calls the work's
/// cancel handler; a waiting task that is cancelled stops waiting (the load goes on).
///
/// `package`: `MediaProbe` (SpoolMedia) and `URLAsset`'s HLS load (Spool) share it.
package final class ThreadedLoad<Value: Sendable>: Sendable {
    private typealias Waiter = CheckedContinuation<Result<Value, AssetLoadError>, Never>
    private enum Outcome {
        case running([Int: Waiter])
        case finished(Result<Value, AssetLoadError>)
    }

    private let outcome = Locked<Outcome>(.running([:]))
    private let nextWaiterID = Atomic<Int>(0)
    private let onCancel: @Sendable () -> Void

    /// Starts `work` on a new thread named `name`; `onCancel` stops it (from any thread).
    package init(
        name: String, work: @escaping @Sendable () -> Result<Value, AssetLoadError>,
        onCancel: @escaping @Sendable () -> Void
    ) {
        self.onCancel = onCancel
        SpoolThread.start(name) { [self] in finish(work()) }
    }

    /// The outcome, waiting for it when needed.
    package func result() async throws(AssetLoadError) -> Value {
        let id = nextWaiterID.add(1, ordering: .relaxed).newValue
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (waiter: Waiter) in
                let ready: Result<Value, AssetLoadError>? = outcome.withLock { outcome in
                    switch outcome {
                    case .finished(let result):
                        return result
                    case .running(var waiters):
                        if Task.isCancelled { return .failure(.cancelled) }
                        waiters[id] = waiter
                        outcome = .running(waiters)
                        return nil
                    }
                }
                if let ready { waiter.resume(returning: ready) }
            }
        } onCancel: {
            let waiter = outcome.withLock { outcome -> Waiter? in
                guard case .running(var waiters) = outcome, let waiter = waiters.removeValue(forKey: id) else {
                    return nil
                }
                outcome = .running(waiters)
                return waiter
            }
            waiter?.resume(returning: .failure(.cancelled))
        }
        return try result.get()
    }

    /// The outcome if the load has finished successfully.
    package var finishedValue: Value? {
        outcome.withLock { outcome in
            if case .finished(.success(let value)) = outcome { return value }
            return nil
        }
    }

    /// Stops the load: waiters get `.cancelled` now.
    package func cancel() {
        onCancel()
        finish(.failure(.cancelled))
    }

    private func finish(_ result: Result<Value, AssetLoadError>) {
        let waiters = outcome.withLock { outcome -> [Waiter] in
            guard case .running(let waiters) = outcome else { return [] }
            outcome = .finished(result)
            return Array(waiters.values)
        }
        for waiter in waiters { waiter.resume(returning: result) }
    }
}
