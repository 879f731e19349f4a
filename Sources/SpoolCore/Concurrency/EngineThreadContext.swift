import Foundation
import Synchronization

/// The virtual clock the calling thread is an engine thread of (`SpoolThread.start(_:clock:_:)`
/// with a `VirtualEngineClock`), if any: its `ConditionLock` waits then run on that clock.
///
/// Keyed by `pthread_self()`, not `Thread.current.threadDictionary`: on Linux (Foundation
/// 6.3.1) `Thread.current` inside a started `Thread` is not always that thread's object, and a
/// dictionary entry set through one is then missing through the next.
package enum EngineThreadContext {
    /// Threads on a virtual clock anywhere in the process: while none is, a wait does not
    /// look the thread up (production never has one).
    private static let virtualThreads = Atomic<Int>(0)
    private static let clocks = ConditionLock<[pthread_t: any VirtualEngineClock]>([:])

    /// The calling thread's virtual clock.
    package static var current: (any VirtualEngineClock)? {
        guard virtualThreads.load(ordering: .relaxed) > 0 else { return nil }
        let thread = pthread_self()
        return clocks.withLock { $0[thread] }
    }

    /// Runs `body` on the calling thread as an engine thread of `clock`.
    static func run(on clock: any VirtualEngineClock, _ body: () -> Void) {
        let thread = pthread_self()
        clocks.withLock { $0[thread] = clock }
        virtualThreads.add(1, ordering: .relaxed)
        defer {
            virtualThreads.subtract(1, ordering: .relaxed)
            _ = clocks.withLock { $0.removeValue(forKey: thread) }
        }
        body()
    }
}
