public import Foundation
public import SpoolCore
import Synchronization

/// Probes a container once, on its own thread: opens a byte source, lets FFmpeg read the
/// header and stream info, and describes it as a `ProbeResult`.
///
/// Guarantees:
/// - The probe starts when the object is made; any number of tasks may `await result()`
///   concurrently and all get the same outcome.
/// - FFmpeg's blocking calls run on a dedicated `Thread`, never on the cooperative pool.
/// - `cancel()` works from anywhere at any time: waiting callers get
///   `AssetLoadError.cancelled` immediately, FFmpeg's interrupt callback stops it at its
///   next check, and the byte source is cancelled so a blocked read returns.
/// - The source is closed when the probe thread finishes, however it finishes.
public final class MediaProbe: Sendable {
    /// The location being probed.
    public var url: URL { source.url }

    private let source: any ByteSource
    private let interrupt = InterruptFlag()
    private let outcome = Mutex<Outcome>(.running([:]))
    private let nextWaiterID = Atomic<Int>(0)

    private typealias Waiter = CheckedContinuation<Result<ProbeResult, AssetLoadError>, Never>

    private enum Outcome {
        case running([Int: Waiter])
        case finished(Result<ProbeResult, AssetLoadError>)
    }

    /// Starts probing `source` (not yet opened) on a new thread.
    public init(source: any ByteSource) {
        self.source = source
        let thread = Thread { [self] in
            finish(ProbeSession.run(source: source, interrupt: interrupt))
        }
        thread.name = "spool.probe"
        thread.start()
    }

    /// The probe's outcome, waiting for it if needed. Throws `AssetLoadError`; throws
    /// `.cancelled` if `cancel()` is called or if the calling task is cancelled (which
    /// stops only this wait, not the probe other callers may be waiting on).
    public func result() async throws(AssetLoadError) -> ProbeResult {
        let id = nextWaiterID.add(1, ordering: .relaxed).newValue
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (waiter: Waiter) in
                let ready: Result<ProbeResult, AssetLoadError>? = outcome.withLock { outcome in
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

    /// Aborts the probe at once from any thread: waiters throw `.cancelled` now, FFmpeg
    /// and the byte source stop as soon as they next check. Idempotent; no effect once
    /// the probe has finished.
    public func cancel() {
        interrupt.raise()
        source.cancel()
        finish(.failure(.cancelled))
    }

    private func finish(_ result: Result<ProbeResult, AssetLoadError>) {
        let waiters = outcome.withLock { outcome -> [Waiter] in
            guard case .running(let waiters) = outcome else { return [] }
            outcome = .finished(result)
            return Array(waiters.values)
        }
        for waiter in waiters { waiter.resume(returning: result) }
    }
}
