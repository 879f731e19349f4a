public import Foundation

/// Skips forward or backward by an interval (MPSkipIntervalCommand).
@MainActor
public final class SkipIntervalCommand: RemoteCommand<SkipIntervalCommandEvent> {
    /// The intervals the app prefers, in seconds; the first one is used when a client asks
    /// for "a skip" without saying how far.
    public var preferredIntervals: [TimeInterval] = [15] {
        didSet { if preferredIntervals != oldValue { changed() } }
    }
}

/// Changes the playback speed (MPChangePlaybackRateCommand).
@MainActor
public final class ChangePlaybackRateCommand: RemoteCommand<ChangePlaybackRateCommandEvent> {
    /// The speeds offered; MPRIS shows the smallest and largest as `MinimumRate` and
    /// `MaximumRate`. Empty means normal speed only.
    public var supportedPlaybackRates: [Float] = [] {
        didSet { if supportedPlaybackRates != oldValue { changed() } }
    }
}

/// Changes what repeats (MPChangeRepeatModeCommand).
@MainActor
public final class ChangeRepeatModeCommand: RemoteCommand<ChangeRepeatModeCommandEvent> {
    /// The mode in effect, shown to clients; the app updates it when the mode changes.
    public var currentRepeatType: RepeatType = .off {
        didSet { if currentRepeatType != oldValue { changed() } }
    }
}

/// Changes the shuffle mode (MPChangeShuffleModeCommand).
@MainActor
public final class ChangeShuffleModeCommand: RemoteCommand<ChangeShuffleModeCommandEvent> {
    /// The mode in effect, shown to clients; the app updates it when the mode changes.
    public var currentShuffleType: ShuffleType = .off {
        didSet { if currentShuffleType != oldValue { changed() } }
    }
}

/// Changes the volume (Spool's addition for MPRIS `Volume`).
@MainActor
public final class ChangeVolumeCommand: RemoteCommand<ChangeVolumeCommandEvent> {
    /// The volume in effect, 0…1, shown to clients; the app updates it when it changes.
    public var currentVolume: Double = 1 {
        didSet { if currentVolume != oldValue { changed() } }
    }
}

/// Enters or leaves fullscreen (Spool's addition for MPRIS `Fullscreen`).
@MainActor
public final class ChangeFullscreenCommand: RemoteCommand<ChangeFullscreenCommandEvent> {
    /// Whether the video fills the screen now, shown to clients; the app updates it.
    public var isFullscreen = false {
        didSet { if isFullscreen != oldValue { changed() } }
    }
}
