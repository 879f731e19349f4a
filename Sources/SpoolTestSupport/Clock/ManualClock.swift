import SpoolCore

/// A clock that moves only when a test tells it to, so timing tests never sleep and never flake.
///
/// `sleep(until:)` suspends until `advance(by:)` (or `advanceToNextDeadline()`) moves `now`
/// past the deadline; sleepers wake in deadline order. A cancelled sleeper throws
/// `CancellationError` at once. `sleepers()` lets a test wait — without sleeping — until the
/// code under test is parked on the clock.
public final class ManualClock: Clock, Sendable {
    /// A point on the manual time line: an offset from the clock's creation.
    public struct Instant: InstantProtocol {
        /// Time since the clock's epoch.
        public let offset: Duration

        /// An instant `offset` after the epoch.
        public init(offset: Duration) { self.offset = offset }

        /// This instant moved by `duration`.
        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }

        /// The duration from this instant to `other`.
        public func duration(to other: Instant) -> Duration { other.offset - offset }

        /// Orders instants by offset.
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper: Sendable {
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State: Sendable {
        var now = Instant(offset: .zero)
        var nextID = 0
        var sleepers: [Int: Sleeper] = [:]
        var watchers: [Int: AsyncStream<Int>.Continuation] = [:]
        var deadlineWatchers: [Int: (deadline: Instant, continuation: AsyncStream<Bool>.Continuation)] = [:]
    }

    // A pthread-based lock (NSCondition inside), not `Mutex`: ThreadSanitizer does not see
    // `Mutex`'s futex as synchronisation and reported races between `advance` and `sleep`.
    private let state = ConditionLock(State())

    /// Creates a clock whose `now` is its epoch.
    public init() {}

    /// The current manual time.
    public var now: Instant { state.withLock { $0.now } }

    /// Zero: manual time is exact.
    public var minimumResolution: Duration { .zero }

    /// The number of tasks currently suspended in `sleep`.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// Suspends until `now >= deadline`; throws `CancellationError` if the task is cancelled.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome: Result<Void, any Error>? = state.withLock { state in
                    if Task.isCancelled { return .failure(CancellationError()) }
                    if deadline <= state.now { return .success(()) }
                    state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    let count = state.sleepers.count
                    for watcher in state.watchers.values { watcher.yield(count) }
                    for watcher in state.deadlineWatchers.values where watcher.deadline == deadline {
                        watcher.continuation.yield(true)
                    }
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let sleeper = state.withLock { $0.sleepers.removeValue(forKey: id) }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves `now` forward by `duration` and wakes every sleeper whose deadline has passed,
    /// earliest first.
    public func advance(by duration: Duration) {
        let due = state.withLock { state -> [Sleeper] in
            state.now = state.now.advanced(by: duration)
            let now = state.now
            let dueIDs = state.sleepers.filter { $0.value.deadline <= now }.keys
            return dueIDs.compactMap { state.sleepers.removeValue(forKey: $0) }
                .sorted { $0.deadline < $1.deadline }
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// Moves `now` to the earliest pending deadline and wakes the sleepers due then. Returns
    /// `false` when nobody is sleeping.
    @discardableResult
    public func advanceToNextDeadline() -> Bool {
        let step = state.withLock { state -> Duration? in
            guard let earliest = state.sleepers.values.map(\.deadline).min() else { return nil }
            return max(.zero, state.now.duration(to: earliest))
        }
        guard let step else { return false }
        advance(by: step)
        return true
    }

    /// Suspends (without sleeping) until a task is parked in `sleep` until `deadline`: a wait
    /// for one particular timer, which a count of sleepers cannot tell from another (a paused
    /// player's resource-release timer is parked already).
    public func waitForSleeper(until deadline: Instant) async {
        let (stream, continuation) = AsyncStream.makeStream(of: Bool.self, bufferingPolicy: .bufferingNewest(1))
        let id = state.withLock { state in
            state.nextID += 1
            state.deadlineWatchers[state.nextID] = (deadline, continuation)
            continuation.yield(state.sleepers.values.contains { $0.deadline == deadline })
            return state.nextID
        }
        defer { _ = state.withLock { $0.deadlineWatchers.removeValue(forKey: id) } }
        for await parked in stream where parked { return }
    }

    /// Suspends (without sleeping) until at least `count` tasks are parked in `sleep`.
    public func waitForSleepers(atLeast count: Int) async {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .bufferingNewest(1))
        let id = state.withLock { state in
            state.nextID += 1
            state.watchers[state.nextID] = continuation
            continuation.yield(state.sleepers.count)
            return state.nextID
        }
        defer { _ = state.withLock { $0.watchers.removeValue(forKey: id) } }
        for await current in stream where current >= count { return }
    }
}
