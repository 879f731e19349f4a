/// What the command center offers right now, copied so that the mapping to MPRIS
/// properties is a pure function of plain values.
struct RemoteCommandAvailability: Sendable, Equatable {
    var play = false
    var pause = false
    var togglePlayPause = false
    var stop = false
    var nextTrack = false
    var previousTrack = false
    var skipForward = false
    var skipBackward = false
    var changePlaybackPosition = false
    var changePlaybackRate = false
    var changeRepeatMode = false
    var changeShuffleMode = false
    var changeVolume = false
    var changeFullscreen = false
    var openURL = false
    var raise = false
    var quit = false
    var supportedPlaybackRates: [Float] = []
    var repeatType = RepeatType.off
    var shuffleType = ShuffleType.off
    var volume = 1.0
    var isFullscreen = false

    /// Nothing offered.
    init() {}

    /// What `center` offers: a command counts when it is active (enabled, with a target).
    @MainActor
    init(_ center: RemoteCommandCenter) {
        play = center.playCommand.isActive
        pause = center.pauseCommand.isActive
        togglePlayPause = center.togglePlayPauseCommand.isActive
        stop = center.stopCommand.isActive
        nextTrack = center.nextTrackCommand.isActive
        previousTrack = center.previousTrackCommand.isActive
        skipForward = center.skipForwardCommand.isActive
        skipBackward = center.skipBackwardCommand.isActive
        changePlaybackPosition = center.changePlaybackPositionCommand.isActive
        changePlaybackRate = center.changePlaybackRateCommand.isActive
        changeRepeatMode = center.changeRepeatModeCommand.isActive
        changeShuffleMode = center.changeShuffleModeCommand.isActive
        changeVolume = center.changeVolumeCommand.isActive
        changeFullscreen = center.changeFullscreenCommand.isActive
        openURL = center.openURLCommand.isActive
        raise = center.raiseCommand.isActive
        quit = center.quitCommand.isActive
        supportedPlaybackRates = center.changePlaybackRateCommand.supportedPlaybackRates
        repeatType = center.changeRepeatModeCommand.currentRepeatType
        shuffleType = center.changeShuffleModeCommand.currentShuffleType
        volume = center.changeVolumeCommand.currentVolume
        isFullscreen = center.changeFullscreenCommand.isFullscreen
    }

    /// MPRIS `CanSeek`: a position can be set, or skips are offered.
    var canSeek: Bool { changePlaybackPosition || skipForward || skipBackward }
}

/// Everything the MPRIS properties are computed from, as plain values.
struct MPRISSnapshot: Sendable, Equatable {
    var info: NowPlayingInfo?
    var playbackState: NowPlayingPlaybackState = .unknown
    var commands = RemoteCommandAvailability()
    /// The current track's object path (`MPRISNames.noTrack` without info).
    var trackID = MPRISNames.noTrack

    /// MPRIS `PlaybackStatus`: the app's state when it states one; otherwise derived from
    /// the info (none: stopped; a non-zero rate: playing; else paused).
    var playbackStatus: String {
        switch playbackState {
        case .playing: "Playing"
        case .paused, .interrupted: "Paused"
        case .stopped: "Stopped"
        case .unknown:
            if let info { (info.playbackRate ?? 0) > 0 ? "Playing" : "Paused" } else { "Stopped" }
        }
    }

    /// The rate at which the position advances now: 0 unless playing; while playing, the
    /// info's rate (0 while waiting for data), or 1 when the info states none.
    var effectiveRate: Double {
        playbackStatus == "Playing" ? info?.playbackRate ?? 1 : 0
    }
}
