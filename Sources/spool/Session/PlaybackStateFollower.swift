import Spool

/// Follows the state store: the newest state (the status line's), and `--events`' `playback`
/// lines (the store's states, each for the item it names).
@MainActor
final class PlaybackStateFollower: PlaySessionObserver {
    private let store: PlaybackStateStore
    private let events: EventLog
    private let names: PlayItemNames
    private let clock: ContinuousClock
    private var task: Task<Void, Never>?
    /// The store's newest state.
    private(set) var state = PlaybackState.idle
    /// The store's state last written as a `playback` line (or, without an item, last seen).
    private var loggedState: PlaybackState?

    /// Follows `store` once `start()` is called, writing to `events`.
    init(store: PlaybackStateStore, events: EventLog, names: PlayItemNames, clock: ContinuousClock) {
        self.store = store
        self.events = events
        self.names = names
        self.clock = clock
    }

    /// Starts following the store.
    func start() {
        let store = store
        task = Task { [weak self] in
            for await state in await store.updates() {
                guard let self else { return }
                self.log(state)
            }
        }
    }

    /// Stops following the store.
    func stop() { task?.cancel() }

    /// Logs the store's last state if the follower has not yet: the queue's end stops the
    /// session right after the player's last end, before the controller has brought that end
    /// to the store and the follower has run again, and the last `playback` line (the last
    /// item's `ended`) was lost. Given the item that was playing (`awaitingEndOf`, at the queue's
    /// end), it waits (at most 2 s) for the store to settle on its end or failure; after a quit
    /// (nil) the state is whatever it was.
    func logFinalState(awaitingEndOf item: ItemID?) async {
        var final = await store.state
        if let item {
            let deadline = clock.now.advanced(by: .seconds(2))
            while !final.hasEnded(item), clock.now < deadline {
                try? await clock.sleep(for: .milliseconds(10))
                final = await store.state
            }
        }
        if final != loggedState { log(final) }
    }

    private func log(_ newState: PlaybackState) {
        state = newState
        loggedState = newState
        guard let itemID = newState.itemID else { return }
        var fields: [String: any Sendable] = ["state": newState.eventName]
        if case .failed(_, let message) = newState { fields["message"] = message }
        events.write("playback", item: names.name(of: itemID), fields)
    }
}
