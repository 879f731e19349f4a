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
/// - With a `ResumePolicy`, a loaded item that is not live starts at its saved position, the
///   playhead is recorded every `recordInterval` while the item is current, the final position
///   is recorded and flushed when the item is replaced or stopped, and an item that played to
///   its end is recorded at 0 so it starts over next time.
@MainActor
public final class PlayerController<Loader: AssetLoader, Engine: PlaybackEngine>
where Loader.Asset == Engine.Asset {
    /// The player being driven. Touch it only on the main actor.
    public let player: Engine
    /// Where this controller publishes playback state; the UI subscribes to its `updates()`.
    public let stateStore: PlaybackStateStore
    private let loader: Loader
    private let resume: ResumePolicy?
    private var loadTask: Task<Void, Never>?
    private var observers: [Task<Void, Never>] = []
    /// The item whose asset is in the player, once a load has replaced it.
    private var currentItemID: ItemID?
    /// Whether the current item played to its end (its resume position is then 0, not the end).
    private var currentItemPlayedToEnd = false

    /// Creates a controller driving `player`, loading with `loader`, publishing to `stateStore`
    /// and, when `resume` is given, keeping resume positions by that policy.
    public init(player: Engine, loader: Loader, stateStore: PlaybackStateStore, resume: ResumePolicy? = nil) {
        self.player = player
        self.loader = loader
        self.stateStore = stateStore
        self.resume = resume
    }

    /// Starts loading `url` as `itemID`, superseding any load in progress, and plays it when
    /// ready. Returns the load's task, which tests and apps may await; it never throws —
    /// outcomes are published as state.
    @discardableResult
    public func load(itemID: ItemID, url: URL) -> Task<Void, Never> {
        loadTask?.cancel()
        cancelObservers()
        saveFinalPositionOfCurrentItem()
        let task = Task {
            guard !Task.isCancelled else { return }  // superseded before it began
            await stateStore.begin(itemID: itemID)
            do {
                let loaded = try await loader.load(url: url)
                try Task.checkCancellation()  // a newer load() may have started meanwhile
                let startAt = await resumePosition(for: itemID, isLive: loaded.isLive)
                try Task.checkCancellation()
                player.replaceCurrentItem(withAsset: loaded.asset)
                currentItemID = itemID
                currentItemPlayedToEnd = false
                if let startAt { player.seek(to: startAt) }
                await stateStore.apply(.ready(itemID: itemID, isLive: loaded.isLive), for: itemID)
                try Task.checkCancellation()
                player.play()
                observe(itemID: itemID)
            } catch is CancellationError {
                // Superseded by a newer load: nothing to report.
            } catch {
                // Superseded while the error was on its way: the newer load's item is the user's.
                guard !Task.isCancelled else { return }
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
        let finalSave = saveFinalPositionOfCurrentItem()
        player.replaceCurrentItem(withAsset: nil)
        await stateStore.reset()
        await finalSave?.value
    }

    /// The number of observer tasks alive for the current item (for tests and diagnostics).
    public var observerCount: Int { observers.count }

    private func observe(itemID: ItemID) {
        let store = stateStore
        let events = player.events()
        let positions = resume?.store
        observers.append(
            Task {
                for await event in events {
                    guard !Task.isCancelled else { return }
                    if event == .playedToEnd {
                        currentItemPlayedToEnd = true
                        await positions?.record(0, for: itemID)
                    }
                    await store.apply(Self.state(for: event, itemID: itemID), for: itemID)
                }
            })
        if let resume { observers.append(recordPositions(of: itemID, by: resume)) }
    }

    /// The timer task that records the playhead of `itemID` until the item changes.
    private func recordPositions(of itemID: ItemID, by policy: ResumePolicy) -> Task<Void, Never> {
        Task {
            var recordings = 0
            while true {
                do {
                    try await policy.clock.sleep(for: policy.recordInterval)
                } catch {
                    return  // cancelled: the item changed
                }
                let seconds = player.currentTime().seconds
                await policy.store.record(seconds, for: itemID)
                recordings += 1
                if recordings % policy.flushEvery == 0 { await policy.store.flush() }
            }
        }
    }

    /// The saved position to start `itemID` at, or `nil` to start at the beginning.
    private func resumePosition(for itemID: ItemID, isLive: Bool) async -> MediaTime? {
        guard let resume, !isLive, let seconds = await resume.store.position(for: itemID),
            seconds >= resume.minimumResumeSeconds
        else { return nil }
        return MediaTime(seconds: seconds, preferredTimescale: 1000)
    }

    /// Records where the current item was left and flushes, without blocking the caller.
    @discardableResult
    private func saveFinalPositionOfCurrentItem() -> Task<Void, Never>? {
        guard let resume, let itemID = currentItemID else { return nil }
        currentItemID = nil
        let seconds = currentItemPlayedToEnd ? 0 : player.currentTime().seconds
        return Task {
            await resume.store.record(seconds, for: itemID)
            await resume.store.flush()
        }
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
