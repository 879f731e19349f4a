/// What an engine reports about its current item.
public enum PlaybackEngineEvent: Sendable, Equatable {
    /// `timeControlStatus` changed (or was reported again: consumers de-duplicate).
    case timeControlStatus(TimeControlStatus)
    /// The item played to its end.
    case playedToEnd
    /// The item failed after it was loaded (decode error, network loss mid-stream).
    case failed(message: String)
}

/// The player a `PlayerController` drives: Spool's `Player`, or a fake in tests.
///
/// It lives on the main actor, like AVPlayer: every call is synchronous and cheap.
@MainActor
public protocol PlaybackEngine: AnyObject {
    /// The asset type the engine plays.
    associatedtype Asset: Sendable

    /// Replaces the current item; `nil` empties the player. Events of the previous item end.
    func replaceCurrentItem(withAsset asset: Asset?)

    /// Starts or resumes playback at the default rate.
    func play()

    /// Pauses playback.
    func pause()

    /// Moves the playhead of the current item (best effort; used to resume a saved position).
    func seek(to time: MediaTime)

    /// The playhead of the current item; `invalid` when there is none.
    func currentTime() -> MediaTime

    /// Events for the current item, starting with its current `timeControlStatus`. The stream
    /// finishes when the item is replaced.
    func events() -> AsyncStream<PlaybackEngineEvent>
}
