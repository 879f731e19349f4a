/// Whether playback is in progress, paused, or waiting for data (AVPlayer's `timeControlStatus`).
public enum TimeControlStatus: Sendable, Equatable {
    /// Paused: the rate is zero by request.
    case paused
    /// The rate is non-zero but playback waits (buffering, evaluating, no item).
    case waitingToPlayAtSpecifiedRate
    /// Playing.
    case playing
}
