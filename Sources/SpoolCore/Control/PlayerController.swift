public import Foundation

/// Owns the player on the main actor and turns "load this item" into tagged state, the way
/// the seed's controller does.
///
/// Guarantees:
/// - Each `load(itemID:url:)` cancels the previous load (its asset I/O stops) and the
///   previous item's observer tasks.
/// - After every `await`, the load checks for cancellation before touching the player, so a
///   superseded load never replaces the item the user actually wants.
/// - A superseded load reports nothing; a failed load reports `failed` for its own item only,
///   and the state store drops it anyway if another item is active by then.
/// - Observer tasks belong to their item and end when the item changes or `stop()` is called.
@MainActor
public final class PlayerController<Loader: AssetLoader, Engine: PlaybackEngine>
where Loader.Asset == Engine.Asset {
    /// The player being driven. Touch it only on the main actor.
    public let player: Engine
    /// Where this controller publishes playback state; the UI subscribes to its `updates()`.
    public let stateStore: PlaybackStateStore
    private let loader: Loader
    private var loadTask: Task<Void, Never>?
    private var observers: [Task<Void, Never>] = []

    /// Creates a controller driving `player`, loading with `loader` and publishing to `stateStore`.
    public init(player: Engine, loader: Loader, stateStore: PlaybackStateStore) {
        self.player = player
        self.loader = loader
        self.stateStore = stateStore
    }

    /// Starts loading `url` as `itemID`, superseding any load in progress, and plays it when
    /// ready. Returns the load's task, which tests and apps may await; it never throws —
    /// outcomes are published as state.
    @discardableResult
    public func load(itemID: ItemID, url: URL) -> Task<Void, Never> {
        loadTask?.cancel()
        cancelObservers()
        let task = Task {
            guard !Task.isCancelled else { return }  // superseded before it began
            await stateStore.begin(itemID: itemID)
            do {
                let loaded = try await loader.load(url: url)
                try Task.checkCancellation()  // a newer load() may have started meanwhile
                player.replaceCurrentItem(with: loaded.asset)
                await stateStore.apply(.ready(itemID: itemID, isLive: loaded.isLive), for: itemID)
                try Task.checkCancellation()
                player.play()
                observe(itemID: itemID)
            } catch is CancellationError {
                // Superseded by a newer load: nothing to report.
            } catch {
                await stateStore.apply(.failed(itemID: itemID, message: oneLineMessage(for: error)), for: itemID)
            }
        }
        loadTask = task
        return task
    }

    /// Stops everything: cancels the load and observers, empties the player, and returns the
    /// state to `idle` so any late event is dropped.
    public func stop() async {
        loadTask?.cancel()
        loadTask = nil
        cancelObservers()
        player.replaceCurrentItem(with: nil)
        await stateStore.reset()
    }

    /// The number of observer tasks alive for the current item (for tests and diagnostics).
    public var observerCount: Int { observers.count }

    private func observe(itemID: ItemID) {
        let store = stateStore
        let events = player.events()
        observers.append(
            Task {
                for await event in events {
                    guard !Task.isCancelled else { return }
                    await store.apply(Self.state(for: event, itemID: itemID), for: itemID)
                }
            })
    }

    private func cancelObservers() {
        for observer in observers { observer.cancel() }
        observers.removeAll()
    }

    private nonisolated static func state(for event: PlaybackEngineEvent, itemID: ItemID) -> PlaybackState {
        switch event {
        case .timeControlStatus(.playing): .playing(itemID: itemID)
        case .timeControlStatus(.waitingToPlayAtSpecifiedRate): .buffering(itemID: itemID)
        case .timeControlStatus(.paused): .paused(itemID: itemID)
        case .playedToEnd: .ended(itemID: itemID)
        case .failed(let message): .failed(itemID: itemID, message: message)
        }
    }
}
