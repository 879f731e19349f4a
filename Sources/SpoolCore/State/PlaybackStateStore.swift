import Foundation

/// The single writer of playback state.
///
/// Guarantees:
/// - **Stale events are dropped.** `apply(_:for:)` ignores events for any item other than the
///   one most recently passed to `begin(itemID:)`, and events whose state is tagged with a
///   different item than `for:` — so a previous episode's late failure never reaches the UI.
/// - **A failure is final.** Once the active item has failed, its later events (the player
///   pausing as the failed item stops, a late `playing`) are dropped until `begin(itemID:)`
///   starts an item again, as AVPlayerItem's `.failed` status is permanent. The last state a
///   failed item leaves is its failure, whatever order the engine reported it in.
/// - **Duplicates are dropped.** Applying the state that is already current publishes nothing.
/// - **Subscribers see the latest state.** Each `updates()` stream starts with the current
///   state and buffers only the newest one, so a slow UI never works through a backlog.
/// - **No suspension inside a mutation.** Nothing in this actor awaits, so a state change
///   cannot interleave with another.
public actor PlaybackStateStore {
    /// The current state.
    public private(set) var state: PlaybackState = .idle
    private var activeItemID: ItemID?
    private var subscribers: [UUID: AsyncStream<PlaybackState>.Continuation] = [:]

    /// Creates a store in the `idle` state.
    public init() {}

    /// Makes `itemID` the active item and publishes `loading` for it. From now on, events for
    /// any other item are stale.
    public func begin(itemID: ItemID) {
        activeItemID = itemID
        publish(.loading(itemID: itemID))
    }

    /// Publishes `newState` if it belongs to the active item and differs from the current state.
    /// Returns whether it was published.
    @discardableResult
    public func apply(_ newState: PlaybackState, for itemID: ItemID) -> Bool {
        guard itemID == activeItemID, newState.itemID == itemID else { return false }  // stale
        if case .failed = state { return false }  // the active item failed: that is final
        guard newState != state else { return false }  // duplicate (KVO-like noise)
        publish(newState)
        return true
    }

    /// Returns to `idle` with no active item, so every later event for any item is stale.
    public func reset() {
        activeItemID = nil
        publish(.idle)
    }

    /// The item whose events are currently accepted.
    public var activeItem: ItemID? { activeItemID }

    /// The number of live subscriptions (terminated streams are removed).
    public var subscriberCount: Int { subscribers.count }

    /// A stream of states for one subscriber: the current state first, then every published
    /// change, buffering only the newest. Ending iteration (or cancelling the consuming task)
    /// removes the subscriber.
    public func updates() -> AsyncStream<PlaybackState> {
        let id = UUID()
        let (stream, continuation) = AsyncStream.makeStream(
            of: PlaybackState.self, bufferingPolicy: .bufferingNewest(1))
        continuation.yield(state)
        subscribers[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { await self?.removeSubscriber(id) }
        }
        return stream
    }

    private func publish(_ newState: PlaybackState) {
        state = newState
        for continuation in subscribers.values { continuation.yield(newState) }
    }

    private func removeSubscriber(_ id: UUID) {
        subscribers[id] = nil
    }
}
