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
    /// returns until `body` has returned. With a `VirtualEngineClock` for `clock`, the thread
    /// is one of that clock's engine threads from before this returns: its waits run on it.
    @discardableResult
    package static func start(
        _ name: String, qualityOfService: QualityOfService = .default, clock: (any EngineClock)? = nil,
        _ body: @escaping @Sendable () -> Void
    ) -> SpoolThread {
        let virtualClock = clock as? any VirtualEngineClock
        virtualClock?.enroll()
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
            // And the kernel's name directly: `Thread.current` inside a started `Thread` is not
            // always that thread's object on Linux, and the name then went to another object
            // (the thread showed as "oot.default-qos", the tail of a Dispatch label). Written
            // to the thread's own comm file (what pthread_setname_np does; Glibc's Swift module
            // does not offer it); the kernel keeps 15 bytes.
            Self.setKernelName(Self.kernelName(name))
            if let virtualClock {
                EngineThreadContext.run(on: virtualClock, body)
                virtualClock.depart()
            } else {
                body()
            }
            spoolThread.finish()
        }
        thread.qualityOfService = qualityOfService
        thread.start()
        return spoolThread
    }

    /// Names the calling thread in the kernel; a failure leaves the name it had.
    private static func setKernelName(_ name: String) {
        guard let comm = FileHandle(forWritingAtPath: "/proc/thread-self/comm") else { return }
        try? comm.write(contentsOf: Data(name.utf8))
        try? comm.close()
    }

    /// `name` cut to the 15 bytes the kernel keeps, on a character boundary.
    package static func kernelName(_ name: String) -> String {
        var cut = ""
        for character in name {
            guard cut.utf8.count + character.utf8.count <= 15 else { break }
            cut.append(character)
        }
        return cut
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
