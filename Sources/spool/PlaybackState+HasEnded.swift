import SpoolCore

extension PlaybackState {
    /// Whether this is `item`'s end: it ended or failed.
    func hasEnded(_ item: ItemID) -> Bool {
        switch self {
        case .ended(let id), .failed(let id, _): id == item
        default: false
        }
    }
}
