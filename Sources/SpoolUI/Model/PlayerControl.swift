/// One control of the overlay. The order of the cases is the keyboard focus order (Tab): the
/// banners first, then the timeline row, then the button row from left to right.
public enum PlayerControl: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The error banner's Retry button.
    case retry
    /// The error banner's Next button (skips the failed item).
    case skipFailedItem
    /// The Replay button shown when the item ended.
    case replay
    /// Skip, over an interstitial that allows it.
    case skipInterstitial
    /// "Ad" with the interstitial's remaining time. Not focusable.
    case interstitialLabel
    /// The elapsed time label (left of the timeline). Not focusable.
    case elapsedTime
    /// The LIVE badge of a live stream; activating it goes to the live edge.
    case liveBadge
    /// The timeline slider: elapsed, buffered, markers; click or drag to seek.
    case timeline
    /// The time label right of the timeline: total duration, or remaining time once toggled.
    case timeLabel
    /// Previous: restarts the item when more than 3 s in, else goes to the previous item.
    case previous
    /// Skip back 10 s.
    case skipBackward
    /// Play or pause (Replay when ended).
    case playPause
    /// Skip forward 10 s.
    case skipForward
    /// Next item.
    case next
    /// Mute toggle.
    case mute
    /// The volume slider.
    case volume
    /// The speed menu button.
    case speedMenu
    /// The quality menu button: Auto, or one HLS variant (Tab order follows the bar).
    case qualityMenu
    /// The subtitles menu button.
    case subtitlesMenu
    /// The audio menu button.
    case audioMenu
    /// The audio output device menu button (the route picker).
    case audioOutputMenu
    /// Picture-in-Picture toggle.
    case pictureInPicture
    /// Full-screen toggle.
    case fullScreen
    /// The item's title. Not focusable.
    case title

    /// Whether Tab can focus it and a click does something (labels are display only).
    public var isInteractive: Bool {
        switch self {
        case .elapsedTime, .title, .interstitialLabel: false
        default: true
        }
    }

    /// Whether it is a slider: arrows move it, a press starts a drag.
    public var isSlider: Bool { self == .timeline || self == .volume }

    /// The menu the control opens, if it is a menu button.
    public var menu: ControlsMenuKind? {
        switch self {
        case .speedMenu: .speed
        case .subtitlesMenu: .subtitles
        case .audioMenu: .audio
        case .audioOutputMenu: .audioOutput
        case .qualityMenu: .quality
        default: nil
        }
    }

    /// The case name.
    public var description: String { rawValue }
}

/// The menus the overlay can open.
public enum ControlsMenuKind: String, Sendable, Hashable, CaseIterable {
    /// Playback speeds.
    case speed
    /// Subtitle options, with Off first.
    case subtitles
    /// Audio options.
    case audio
    /// Audio output devices (PulseAudio sinks).
    case audioOutput
    /// Auto, then each HLS variant the caps allow.
    case quality

    /// The button that opens it.
    public var button: PlayerControl {
        switch self {
        case .speed: .speedMenu
        case .subtitles: .subtitlesMenu
        case .audio: .audioMenu
        case .audioOutput: .audioOutputMenu
        case .quality: .qualityMenu
        }
    }
}
