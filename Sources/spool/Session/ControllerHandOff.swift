import Spool

/// The seed's spine in `spool play`: every item the queue makes current (the first, Next, the
/// advance at an item's end, a failure's skip) is loaded through `PlayerController`, which
/// publishes that item's states to the state store. The status line, MPRIS, the on-screen
/// controls and `--events`' `playback` lines read the store, so a skipped item's late failure
/// reaches none of them.
@MainActor
final class ControllerHandOff: PlaySessionObserver {
    private let player: QueuePlayer
    private let engine: QueuePlayerEngine
    private let controller: PlayerController<PropertyAssetLoader<URLAsset>, QueuePlayerEngine>
    /// The item last handed to the controller: only its failures are the user's to see.
    private(set) var activeItem: ItemID?

    /// Drives `player` through a controller publishing to `stateStore`; the queue keeps its rate
    /// across items (a paused playlist stays paused, as in mpv).
    init(player: QueuePlayer, stateStore: PlaybackStateStore) {
        self.player = player
        engine = QueuePlayerEngine(queue: player, playsWhenLoaded: false)
        controller = PlayerController(player: engine, loader: engine.loader, stateStore: stateStore)
    }

    /// Hands the queue's new current item to the controller: the store begins it, its asset load
    /// awaits the queue's own probe, and its states follow.
    func handle(_ event: PlayerItemEvent) {
        guard case .currentItemChanged(let id?) = event, let item = player.currentItem, item.id == id else { return }
        activeItem = id
        engine.load(item, with: controller)
    }
}
