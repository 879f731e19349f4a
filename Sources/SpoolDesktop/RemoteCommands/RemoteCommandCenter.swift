/// The commands the desktop's media controls can send to the app (MPRemoteCommandCenter).
///
/// Every command starts enabled and without targets, so it is not offered until the app adds
/// a handler; disabling a command hides it without removing its handlers. Commands marked
/// "Spool" have no Apple counterpart and exist because MPRIS offers them.
///
/// Unlike Apple's `shared()` singleton, centers are instances an app creates and hands to its
/// publisher (`MPRISServer`), so several players or tests in one process never share state.
/// Guarantees: publishers hear about every change of availability or state synchronously on
/// the main actor, and handlers are only ever called on the main actor.
@MainActor
public final class RemoteCommandCenter {
    let observers = ChangeObservers()

    /// Starts playback (MPRIS `Play`, `CanPlay`).
    public let playCommand: RemoteCommand<RemoteCommandEvent>
    /// Pauses (MPRIS `Pause`, `CanPause`).
    public let pauseCommand: RemoteCommand<RemoteCommandEvent>
    /// Toggles between playing and paused (MPRIS `PlayPause`; headset buttons).
    public let togglePlayPauseCommand: RemoteCommand<RemoteCommandEvent>
    /// Stops playback (MPRIS `Stop`).
    public let stopCommand: RemoteCommand<RemoteCommandEvent>
    /// Goes to the next item (MPRIS `Next`, `CanGoNext`).
    public let nextTrackCommand: RemoteCommand<RemoteCommandEvent>
    /// Goes to the previous item (MPRIS `Previous`, `CanGoPrevious`).
    public let previousTrackCommand: RemoteCommand<RemoteCommandEvent>
    /// Skips forward (MPRIS `Seek` with a positive offset when there is no position command).
    public let skipForwardCommand: SkipIntervalCommand
    /// Skips backward (MPRIS `Seek` with a negative offset when there is no position command).
    public let skipBackwardCommand: SkipIntervalCommand
    /// Moves to a position (MPRIS `SetPosition`, and `Seek` by offset; `CanSeek`).
    public let changePlaybackPositionCommand: RemoteCommand<ChangePlaybackPositionCommandEvent>
    /// Changes the speed (MPRIS `Rate`, `MinimumRate`, `MaximumRate`).
    public let changePlaybackRateCommand: ChangePlaybackRateCommand
    /// Changes what repeats (MPRIS `LoopStatus`).
    public let changeRepeatModeCommand: ChangeRepeatModeCommand
    /// Changes the shuffle mode (MPRIS `Shuffle`).
    public let changeShuffleModeCommand: ChangeShuffleModeCommand
    /// Spool: changes the volume (MPRIS `Volume`).
    public let changeVolumeCommand: ChangeVolumeCommand
    /// Spool: enters or leaves fullscreen (MPRIS `Fullscreen`, `CanSetFullscreen`).
    public let changeFullscreenCommand: ChangeFullscreenCommand
    /// Spool: opens a URL (MPRIS `OpenUri`).
    public let openURLCommand: RemoteCommand<OpenURLCommandEvent>
    /// Spool: brings the player's window to the front (MPRIS `Raise`, `CanRaise`).
    public let raiseCommand: RemoteCommand<RemoteCommandEvent>
    /// Spool: quits the player (MPRIS `Quit`, `CanQuit`).
    public let quitCommand: RemoteCommand<RemoteCommandEvent>

    /// A center whose commands are all enabled and have no targets.
    public init() {
        let changed: @MainActor () -> Void = { [observers] in observers.notify() }
        playCommand = RemoteCommand(changed: changed)
        pauseCommand = RemoteCommand(changed: changed)
        togglePlayPauseCommand = RemoteCommand(changed: changed)
        stopCommand = RemoteCommand(changed: changed)
        nextTrackCommand = RemoteCommand(changed: changed)
        previousTrackCommand = RemoteCommand(changed: changed)
        skipForwardCommand = SkipIntervalCommand(changed: changed)
        skipBackwardCommand = SkipIntervalCommand(changed: changed)
        changePlaybackPositionCommand = RemoteCommand(changed: changed)
        changePlaybackRateCommand = ChangePlaybackRateCommand(changed: changed)
        changeRepeatModeCommand = ChangeRepeatModeCommand(changed: changed)
        changeShuffleModeCommand = ChangeShuffleModeCommand(changed: changed)
        changeVolumeCommand = ChangeVolumeCommand(changed: changed)
        changeFullscreenCommand = ChangeFullscreenCommand(changed: changed)
        openURLCommand = RemoteCommand(changed: changed)
        raiseCommand = RemoteCommand(changed: changed)
        quitCommand = RemoteCommand(changed: changed)
    }
}
