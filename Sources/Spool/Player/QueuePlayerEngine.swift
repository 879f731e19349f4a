import Foundation
public import SpoolCore

/// A `QueuePlayer` as the engine a `PlayerController` drives, so an app that plays a queue
/// (and `spool play`) runs it through the seed's controller and state store: each item the
/// queue makes current, by the user's Next or by its own advance at an item's end, is a
/// `PlayerController.load(itemID:url:)`, and the store follows that one item.
///
/// Guarantees:
/// - **The queue's own assets.** `load(_:with:)` registers the item's asset as the one the
///   controller's loader (`loader`) gives for its URL, so the controller's
///   `asset.load(.isPlayable, .duration)` awaits the probe the queue already runs (or ran, for
///   a prerolled item): nothing is opened twice, and a gapless join stays gapless.
/// - **One current item.** `replaceCurrentItem(withAsset:)` makes the queued item with that
///   asset current: nothing changes when it already is (the queue advanced into it itself);
///   the items before it leave the queue, unopened, when it is further on; an asset the queue
///   never held replaces the current item; `nil` empties the queue.
/// - **A stale load changes nothing.** The asset of an item `load(_:with:)` handed over that has
///   left the queue since (Next, a playlist rebuilt from another entry, a stop, an interstitial
///   put in front) is not put back: the queue moved on while the load was in flight, and the
///   later command is the user's. The queue's change already reported its new current item,
///   whose own load supersedes the stale one. (An IPC client under load saw a stale load of the
///   previous entry replace the entry it had just chosen, decision 0060.)
/// - **The queue keeps its rate.** `play()` sets the rate only when `playsWhenLoaded` is true;
///   otherwise a playing queue keeps playing and one the user paused stays paused across items,
///   as mpv's playlist does.
/// - `events()` are the current item's, as `Player.events()` gives them.
@MainActor
public final class QueuePlayerEngine: PlaybackEngine {
    /// The queue being driven.
    public let queue: QueuePlayer
    /// Whether the controller's play-when-ready sets the queue's rate (`false`: the queue's
    /// own rate decides).
    public var playsWhenLoaded: Bool
    /// The loader to give the controller: it answers a URL with the asset `load(_:with:)`
    /// registered for it last, or a new asset for a URL never registered.
    public nonisolated let loader: PropertyAssetLoader<URLAsset>
    private let registered: Registry

    /// An engine over `queue`.
    public init(queue: QueuePlayer, playsWhenLoaded: Bool = true) {
        self.queue = queue
        self.playsWhenLoaded = playsWhenLoaded
        let registry = Registry()
        registered = registry
        loader = PropertyAssetLoader { url in registry.asset(for: url) }
    }

    /// Loads `item` through `controller` as `item.id`, with `item`'s own asset.
    @discardableResult
    public func load(
        _ item: PlayerItem, with controller: PlayerController<PropertyAssetLoader<URLAsset>, QueuePlayerEngine>
    ) -> Task<Void, Never> {
        registered.register(item.asset)
        return controller.load(itemID: item.id, url: item.asset.url)
    }

    /// Makes the queued item playing `asset` current (see the type's guarantees).
    public func replaceCurrentItem(withAsset asset: URLAsset?) {
        guard let asset else {
            queue.removeAllItems()
            return
        }
        if let queued = queue.items().first(where: { $0.asset === asset }) {
            queue.advance(to: queued)
        } else if registered.wasHandedOver(asset) {
            return  // its item left the queue while it loaded: stale
        } else {
            queue.replaceCurrentItem(with: PlayerItem(asset: asset))
        }
    }

    /// Plays when `playsWhenLoaded`; otherwise the queue's rate stands.
    public func play() {
        if playsWhenLoaded { queue.play() }
    }

    /// Pauses the queue.
    public func pause() { queue.pause() }

    /// Seeks the current item (keyframe tolerance, as `Player.seek(to:)` for the controller).
    public func seek(to time: MediaTime) { queue.seek(to: time) }

    /// The current item's playhead.
    public func currentTime() -> MediaTime { queue.currentTime() }

    /// The current item's events for the controller.
    public func events() -> AsyncStream<PlaybackEngineEvent> { queue.events() }

    /// The asset each URL was last registered with. Read by the loader off the main actor.
    private final class Registry: Sendable {
        private let assets = Locked<[URL: URLAsset]>([:])
        /// Every asset handed over, weakly: an asset freed since cannot come back to the engine
        /// (the controller's load holds what it replaces with), so a reused address is no match.
        private let handedOver = Locked<[ObjectIdentifier: WeakAsset]>([:])

        func register(_ asset: URLAsset) {
            assets.withLock { $0[asset.url] = asset }
            handedOver.withLock { handed in
                handed = handed.filter { $0.value.asset != nil }
                handed[ObjectIdentifier(asset)] = WeakAsset(asset: asset)
            }
        }

        /// Whether `asset` is one a queue item handed over (it is, or was, queued).
        func wasHandedOver(_ asset: URLAsset) -> Bool {
            handedOver.withLock { $0[ObjectIdentifier(asset)]?.asset === asset }
        }

        func asset(for url: URL) -> URLAsset {
            assets.withLock { $0[url] } ?? URLAsset(url: url)
        }
    }

    private struct WeakAsset: Sendable {
        weak var asset: URLAsset?
    }
}
