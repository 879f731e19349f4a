public import Foundation

/// The event of a command that carries nothing but itself (play, pause, next…).
public struct RemoteCommandEvent: Sendable, Equatable {
    /// An event.
    public init() {}
}

/// A skip by a time interval (MPSkipIntervalCommandEvent).
public struct SkipIntervalCommandEvent: Sendable, Equatable {
    /// How far to skip, in seconds (always positive; the command says the direction).
    public var interval: TimeInterval
    /// A skip by `interval` seconds.
    public init(interval: TimeInterval) { self.interval = interval }
}

/// A move to an absolute position (MPChangePlaybackPositionCommandEvent).
public struct ChangePlaybackPositionCommandEvent: Sendable, Equatable {
    /// The position to play from, in seconds from the start.
    public var positionTime: TimeInterval
    /// A move to `positionTime` seconds.
    public init(positionTime: TimeInterval) { self.positionTime = positionTime }
}

/// A new playback speed (MPChangePlaybackRateCommandEvent).
public struct ChangePlaybackRateCommandEvent: Sendable, Equatable {
    /// The speed asked for (1 is normal).
    public var playbackRate: Float
    /// A change to `playbackRate`.
    public init(playbackRate: Float) { self.playbackRate = playbackRate }
}

/// What repeats at the end (MPRepeatType; MPRIS `LoopStatus`).
public enum RepeatType: Sendable, Equatable {
    /// Nothing repeats (`None`).
    case off
    /// The current item repeats (`Track`).
    case one
    /// The whole queue repeats (`Playlist`).
    case all
}

/// A new repeat mode (MPChangeRepeatModeCommandEvent).
public struct ChangeRepeatModeCommandEvent: Sendable, Equatable {
    /// The mode asked for.
    public var repeatType: RepeatType
    /// A change to `repeatType`.
    public init(repeatType: RepeatType) { self.repeatType = repeatType }
}

/// Whether items play in random order (MPShuffleType; MPRIS `Shuffle`).
public enum ShuffleType: Sendable, Equatable {
    /// In order.
    case off
    /// Items in random order.
    case items
    /// Collections (albums) in random order.
    case collections
}

/// A new shuffle mode (MPChangeShuffleModeCommandEvent).
public struct ChangeShuffleModeCommandEvent: Sendable, Equatable {
    /// The mode asked for.
    public var shuffleType: ShuffleType
    /// A change to `shuffleType`.
    public init(shuffleType: ShuffleType) { self.shuffleType = shuffleType }
}

/// A new volume (Spool's addition: MPRIS lets clients set `Volume`).
public struct ChangeVolumeCommandEvent: Sendable, Equatable {
    /// The volume asked for, 0…1 (never negative).
    public var volume: Double
    /// A change to `volume`.
    public init(volume: Double) { self.volume = volume }
}

/// Entering or leaving fullscreen (Spool's addition: MPRIS `Fullscreen`).
public struct ChangeFullscreenCommandEvent: Sendable, Equatable {
    /// Whether the video should fill the screen.
    public var isFullscreen: Bool
    /// A change to `isFullscreen`.
    public init(isFullscreen: Bool) { self.isFullscreen = isFullscreen }
}

/// A request to play a URL (Spool's addition: MPRIS `OpenUri`).
public struct OpenURLCommandEvent: Sendable, Equatable {
    /// The media to open; its scheme is one the publisher declared supported.
    public var url: URL
    /// A request to open `url`.
    public init(url: URL) { self.url = url }
}
