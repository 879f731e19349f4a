public import SpoolCore

extension PlaybackState {
    /// Whether this state is `item`'s (an `idle` state is no item's): what a view reading an
    /// app's `PlaybackStateStore` checks before showing it over the player's current item.
    public func isState(of item: PlayerItem?) -> Bool {
        guard let item, let itemID else { return false }
        return itemID == item.id
    }
}
