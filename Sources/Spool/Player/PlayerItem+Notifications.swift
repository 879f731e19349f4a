public import Foundation

extension PlayerItem {
    /// Posted (object: the item) when the item played to its end.
    public nonisolated static let didPlayToEndTimeNotification = Notification.Name("SpoolPlayerItemDidPlayToEndTime")
    /// Posted (object: the item, userInfo[failedToPlayToEndTimeErrorKey]: the PlaybackError)
    /// when playback started but could not reach the end.
    public nonisolated static let failedToPlayToEndTimeNotification = Notification.Name(
        "SpoolPlayerItemFailedToPlayToEndTime")
    /// Posted (object: the item) when playback stalled waiting for data.
    public nonisolated static let playbackStalledNotification = Notification.Name("SpoolPlayerItemPlaybackStalled")
    /// Posted (object: the item) when a new error log event was added.
    public nonisolated static let newErrorLogEntryNotification = Notification.Name("SpoolPlayerItemNewErrorLogEntry")
    /// The userInfo key of the error in `failedToPlayToEndTimeNotification`.
    public nonisolated static let failedToPlayToEndTimeErrorKey = "SpoolPlayerItemFailedToPlayToEndTimeErrorKey"
}

/// What happened to an item, as a value (the AsyncStream form of the notifications).
public enum PlayerItemEvent: Sendable, Equatable {
    /// The item became ready to play.
    case readyToPlay(itemID: ItemID)
    /// The item failed before playing.
    case failed(itemID: ItemID, error: PlaybackError)
    /// The item's media stopped before its container said it would (a truncated file): all
    /// there was played, `didPlayToEnd` follows, and `warning` is in the item's error log.
    /// Reported once per item.
    case endedEarly(itemID: ItemID, warning: PlaybackError)
    /// The item played to its end.
    case didPlayToEnd(itemID: ItemID)
    /// Playback could not reach the end.
    case failedToPlayToEnd(itemID: ItemID, error: PlaybackError)
    /// Playback stalled waiting for data.
    case stalled(itemID: ItemID)
    /// The stall ended.
    case stallEnded(itemID: ItemID)
    /// A seek finished, with where playback `landed` on the item's timeline (the frame shown;
    /// for a keyframe seek the keyframe before `target`), or was superseded (`landed` is `nil`,
    /// `finished == false`). Once it finished, `currentTime()` runs on from `landed`.
    case seek(itemID: ItemID, target: MediaTime, landed: MediaTime?, finished: Bool)
    /// The player's current item changed (nil: none).
    case currentItemChanged(itemID: ItemID?)
    /// `timeControlStatus` changed.
    case timeControlStatus(TimeControlStatus)
    /// `reasonForWaitingToPlay` became `.waitingForNetwork`, or stopped being it (then the
    /// new reason, `nil` once playing).
    case reasonForWaitingToPlay(Player.WaitingReason?)
}
