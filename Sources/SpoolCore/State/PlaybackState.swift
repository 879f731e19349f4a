/// What the player is doing, tagged with the item it is doing it for.
///
/// Every case but `idle` carries the `ItemID` of its item, so a state that arrives after
/// its item was superseded can be recognised as stale (see `PlaybackStateStore`).
public enum PlaybackState: Equatable, Sendable {
    /// Nothing loaded.
    case idle
    /// The item's asset is loading.
    case loading(itemID: ItemID)
    /// The item is loaded; `isLive` tells whether to show a seek bar or a LIVE badge.
    case ready(itemID: ItemID, isLive: Bool)
    /// Playing at a non-zero rate.
    case playing(itemID: ItemID)
    /// Paused by the user or the app.
    case paused(itemID: ItemID)
    /// Waiting for data (the spinner state); always ends in playing, paused, ended or failed.
    case buffering(itemID: ItemID)
    /// Played to its end.
    case ended(itemID: ItemID)
    /// Failed; `message` is one line a user can read.
    case failed(itemID: ItemID, message: String)

    /// The item this state belongs to; `nil` for `idle`.
    public var itemID: ItemID? {
        switch self {
        case .idle: nil
        case .loading(let id), .ready(let id, _), .playing(let id), .paused(let id), .buffering(let id),
            .ended(let id), .failed(let id, _):
            id
        }
    }
}
