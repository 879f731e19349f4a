public import SpoolCore

/// The real player is the engine `PlayerController` drives (the seed's `AVPlayer`).
extension Player: PlaybackEngine {
    /// Plays `asset` in a new item, or empties the player.
    public func replaceCurrentItem(withAsset asset: URLAsset?) {
        replaceCurrentItem(with: asset.map { PlayerItem(asset: $0) })
    }

    /// Seeks without waiting (keyframe tolerance), for resuming a saved position.
    public func seek(to time: MediaTime) {
        Task { await self.seek(to: time, toleranceBefore: .positiveInfinity, toleranceAfter: .positiveInfinity) }
    }

    /// The current item's events as the controller needs them: `timeControlStatus` (starting
    /// with the current one), end, and failure. Finishes when the item changes.
    public func events() -> AsyncStream<PlaybackEngineEvent> {
        let itemID = currentItem?.id
        let source = itemEvents()
        let current = timeControlStatus
        return AsyncStream { continuation in
            continuation.yield(.timeControlStatus(current))
            let relay = Task { @MainActor in
                for await event in source {
                    switch event {
                    case .timeControlStatus(let status): continuation.yield(.timeControlStatus(status))
                    case .didPlayToEnd(let id) where id == itemID: continuation.yield(.playedToEnd)
                    case .failed(let id, let error) where id == itemID,
                        .failedToPlayToEnd(let id, let error) where id == itemID:
                        continuation.yield(.failed(message: error.message))
                    case .currentItemChanged(let id) where id != itemID:
                        continuation.finish()
                        return
                    default: break
                    }
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in relay.cancel() }
        }
    }
}
