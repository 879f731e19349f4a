/// Decides when `PropertiesChanged` signals go out: the first change after a quiet spell at
/// once (so a click on a media key shows without delay), later changes of a burst together,
/// at most one emission per `interval`, carrying the latest values.
///
/// A pure state machine over explicit times (offsets on the owner's clock): the owner feeds
/// changes and timer ticks and carries out the returned action. It never reads a clock.
struct PropertiesChangedThrottle {
    /// What the owner must do.
    enum Action: Equatable {
        /// Nothing now.
        case none
        /// Emit these properties' current values now.
        case emit(Set<MPRISPropertyKey>)
        /// Call `tick(at:)` at this time (or later); the changes wait until then.
        case wait(until: Duration)
    }

    /// The shortest time between two emissions.
    let interval: Duration
    /// Properties changed since the last emission.
    private(set) var pending: Set<MPRISPropertyKey> = []
    /// When the pending properties will be emitted, if any are waiting.
    private(set) var deadline: Duration?
    private var lastEmission: Duration?

    /// A throttle allowing one emission per `interval`.
    init(interval: Duration) {
        self.interval = interval
    }

    /// Properties `keys` changed at `now`.
    mutating func propertiesChanged(_ keys: Set<MPRISPropertyKey>, at now: Duration) -> Action {
        guard !keys.isEmpty else { return deadline.map { .wait(until: $0) } ?? .none }
        pending.formUnion(keys)
        if let deadline { return .wait(until: deadline) }
        if let lastEmission, now - lastEmission < interval {
            let next = lastEmission + interval
            deadline = next
            return .wait(until: next)
        }
        return emit(at: now)
    }

    /// The owner's timer fired (or it woke for another reason) at `now`.
    mutating func tick(at now: Duration) -> Action {
        guard let deadline else { return .none }
        guard now >= deadline else { return .wait(until: deadline) }
        return emit(at: now)
    }

    private mutating func emit(at now: Duration) -> Action {
        let keys = pending
        pending = []
        deadline = nil
        lastEmission = now
        return .emit(keys)
    }
}
