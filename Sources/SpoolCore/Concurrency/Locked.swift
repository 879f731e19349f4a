import Glibc

/// A value behind a pthread mutex: `Synchronization.Mutex`'s shape (`withLock`), for state
/// shared between threads that never wait for it to change (`ConditionLock` is for those).
///
/// Why not `Mutex`: it locks with a futex, which ThreadSanitizer does not model, so every
/// object published through one (an asset's probe, an item's running parts) was reported as
/// a race between the thread that made it and the thread that read it — 2 of the 2 reports of
/// the first whole-suite TSan run, both false. A pthread mutex is intercepted by TSan, so the
/// whole suite runs under it with real races left to find.
///
/// `package` so every target of the package and its test support share it without making it API.
package final class Locked<State: ~Copyable>: @unchecked Sendable {
    // Unchecked sendability: `state` is touched only between `pthread_mutex_lock` and
    // `pthread_mutex_unlock` (in `withLock`), so no two threads ever touch it at once. The
    // mutex lives at a stable heap address for the object's lifetime, as pthreads requires.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var state: State

    /// Wraps `initial`; from now on it is reachable only through the lock.
    package init(_ initial: consuming State) {
        state = initial
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the state.
    package func withLock<Result: ~Copyable, Failure: Error>(
        _ body: (inout State) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&state)
    }
}
