/// The overlay's fixed choices: which speeds the menu offers and its timings and steps.
public struct PlayerControlsConfiguration: Sendable, Equatable {
    /// The speed menu's entries; empty hides the menu.
    public var speeds: [PlaybackSpeed]
    /// How long the controls stay after the last input while playing.
    public var autoHideDelay: Duration
    /// How long the player must wait before the spinner shows (fast seeks never flash it).
    public var bufferingIndicatorDelay: Duration
    /// How far the skip buttons jump, in seconds.
    public var skipInterval: Double
    /// How far Previous must be into an item to restart it instead of going back.
    public var restartThreshold: Double
    /// How much a wheel notch or an arrow changes the volume (0…1 scale).
    public var volumeStep: Float
    /// Whether the user must watch in order (AVPlayerViewController.requiresLinearPlayback):
    /// the timeline shows progress but cannot be moved, and nothing in the overlay seeks.
    public var requiresLinearPlayback: Bool
    /// Relative seeks from the keys and the wheel of at most this many seconds land exactly on
    /// their frame; longer ones on the keyframe before, which is quicker (mpv's hr-seek for
    /// short jumps). The default, 10, makes the arrows' ±5 s and a wheel notch exact and their
    /// ±60 s a keyframe seek; `.infinity` makes every seek exact, 0 none. The skip buttons and
    /// Previous are always exact.
    public var exactSeekLimit: Double

    /// The defaults: AVKit's speeds, hide after 3 s, spinner after 0.5 s, skip 10 s, restart
    /// after 3 s, volume steps of 5 %, seeking allowed, exact jumps up to 10 s.
    public init(
        speeds: [PlaybackSpeed] = PlaybackSpeed.systemDefaultSpeeds, autoHideDelay: Duration = .seconds(3),
        bufferingIndicatorDelay: Duration = .milliseconds(500), skipInterval: Double = 10,
        restartThreshold: Double = 3, volumeStep: Float = 0.05, requiresLinearPlayback: Bool = false,
        exactSeekLimit: Double = 10
    ) {
        self.exactSeekLimit = exactSeekLimit
        self.speeds = speeds
        self.autoHideDelay = autoHideDelay
        self.bufferingIndicatorDelay = bufferingIndicatorDelay
        self.skipInterval = skipInterval
        self.restartThreshold = restartThreshold
        self.volumeStep = volumeStep
        self.requiresLinearPlayback = requiresLinearPlayback
    }
}
