import Spool

/// One part of `spool play` that follows the player: the event log, the resume recorder, the
/// failure skipper, the statistics.
///
/// The one documented way in: `PlaySession`'s one loop hands every `PlayerItemEvent` to each
/// observer, in the order the session lists them, so what one event writes and does keeps its
/// order (the `item` line before the controller loads the item, its resume seek after). What
/// else an observer follows (a timer, the state store, a monitor) it follows in tasks of its
/// own, and `stop()` ends every one of them.
@MainActor
protocol PlaySessionObserver: AnyObject {
    /// Reacts to one of the queue's item events; called in the session's observer order.
    func handle(_ event: PlayerItemEvent)
    /// Ends the observer's own tasks; nothing it follows reaches it afterwards.
    func stop()
}

extension PlaySessionObserver {
    /// An observer that follows no item events ignores them.
    func handle(_ event: PlayerItemEvent) {}
    /// An observer with no tasks of its own has nothing to end.
    func stop() {}
}
