/// Decides when change signals go out: the first change after a quiet spell at once (a press
/// is heard without delay), later changes of a burst together, at most one batch per
/// `interval`. The batch is the difference between the tree last signalled and the tree at
/// that moment, so intermediate states of a burst are never signalled.
///
/// A pure state machine over explicit times (offsets on the owner's clock): the owner reports
/// changes and ticks and emits when told. It never reads a clock.
struct ATSPIEventThrottle {
    /// The shortest time between two batches.
    let interval: Duration
    /// When the waiting changes are due; `nil` when none wait.
    private(set) var deadline: Duration?
    private var lastEmission: Duration?

    /// A throttle allowing one batch per `interval`.
    init(interval: Duration) {
        self.interval = interval
    }

    /// The tree changed at `now`: whether to emit now (otherwise `deadline` says when).
    mutating func changed(at now: Duration) -> Bool {
        if deadline != nil { return false }
        if let lastEmission, now - lastEmission < interval {
            deadline = lastEmission + interval
            return false
        }
        lastEmission = now
        return true
    }

    /// The owner woke at `now`: whether the waiting changes are due now.
    mutating func tick(at now: Duration) -> Bool {
        guard let deadline, now >= deadline else { return false }
        self.deadline = nil
        lastEmission = now
        return true
    }
}
