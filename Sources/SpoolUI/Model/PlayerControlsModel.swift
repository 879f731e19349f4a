/// The controls overlay as a state machine: what is visible, focused, open and dragged, given
/// what the player reports (`update`), what the user does (`handle`) and the passing of time
/// (`advance`). It draws nothing and touches no player; its outputs are its state (for the
/// renderer and accessibility) and `PlayerControlsAction`s (for an adapter).
///
/// Time is a `Duration` since any fixed origin — the adapter's clock's start — passed with
/// every call, so the model is a pure function of its inputs and tests drive it on a manual
/// clock without sleeping. Guarantees:
/// - While the user asked to play, the controls hide exactly `autoHideDelay` after the last
///   input (or after a never-hide condition ended); never while paused, ended, failed, with
///   the pointer over the controls, while dragging, or with a menu open.
/// - Any pointer move or key shows them again; the pointer is visible exactly when they are.
/// - The spinner shows only once the player has been waiting `bufferingIndicatorDelay`.
/// - A known duration never reads `-:--`.
public struct PlayerControlsModel: Sendable, Equatable {
    /// An open menu and its highlighted row (moved by the arrows and the pointer).
    public struct OpenMenu: Sendable, Equatable {
        /// Which menu.
        public var kind: ControlsMenuKind
        /// The highlighted row.
        public var highlightedIndex: Int

        /// `kind` open with row `highlightedIndex` highlighted.
        public init(kind: ControlsMenuKind, highlightedIndex: Int) {
            self.kind = kind
            self.highlightedIndex = highlightedIndex
        }
    }

    /// A drag in progress.
    public enum Drag: Sendable, Equatable {
        /// Scrubbing the timeline; the time under the pointer.
        case timeline(time: Double)
        /// Moving the volume slider.
        case volume
    }

    /// The overlay's fixed choices.
    public let configuration: PlayerControlsConfiguration
    /// The player's state, as last reported (and as the model's own requests change it
    /// until the next report).
    public internal(set) var playback: PlaybackSnapshot
    /// Where every visible control is.
    public internal(set) var layout: PlayerControlsLayout
    /// Whether the controls are shown.
    public internal(set) var areControlsVisible = true
    /// Whether the buffering spinner is shown.
    public internal(set) var isBufferingIndicatorVisible = false
    /// Which of the spinner's eight steps shows: it turns one step every
    /// `PlayerControlsModel.spinnerStep` while shown, so it moves without a separate animation
    /// clock (and stops, costing nothing, when it goes).
    public internal(set) var bufferingIndicatorStep = 0
    /// The control with the keyboard focus ring, if any.
    public internal(set) var focusedControl: PlayerControl?
    /// The open menu, if any.
    public internal(set) var openMenu: OpenMenu?
    /// Whether the time label shows the remaining time instead of the duration.
    public internal(set) var showsRemainingTime = false
    /// Where the pointer is; `nil` when it is outside the window.
    public internal(set) var pointer: OverlayPoint?
    /// The drag in progress.
    public internal(set) var drag: Drag?

    private var idleSince: Duration
    private var hideWasBlocked = false
    private var waitingSince: Duration?
    /// Whole spinner steps since it showed.
    private var spinnerTurns = 0

    /// How long the spinner shows each of its steps (eight steps: a turn a second).
    public static let spinnerStep: Duration = .milliseconds(125)

    /// A model showing its controls at `now`, laid out for `windowSize`.
    public init(
        configuration: PlayerControlsConfiguration = PlayerControlsConfiguration(), windowSize: OverlaySize,
        playback: PlaybackSnapshot = PlaybackSnapshot(), at now: Duration
    ) {
        self.configuration = configuration
        self.playback = playback
        self.layout = PlayerControlsLayout(size: windowSize, playback: playback, configuration: configuration)
        self.idleSince = now
        reevaluate(at: now)
    }

    /// Whether the pointer is drawn: it hides with the controls.
    public var isPointerVisible: Bool { areControlsVisible }

    /// When `advance(to:)` must be called next (a hide or the spinner is due); `nil` when
    /// nothing will change without an input or a player report.
    public var nextDeadline: Duration? {
        var deadlines: [Duration] = []
        if areControlsVisible && !hideIsBlocked { deadlines.append(idleSince + configuration.autoHideDelay) }
        if let waitingSince {
            let shownAt = waitingSince + configuration.bufferingIndicatorDelay
            deadlines.append(
                isBufferingIndicatorVisible ? shownAt + Self.spinnerStep * (spinnerTurns + 1) : shownAt)
        }
        return deadlines.min()
    }

    /// Applies the timers due at `now`.
    public mutating func advance(to now: Duration) {
        reevaluate(at: now)
    }

    /// Takes a new report from the player. Entering paused, ended or failed shows the
    /// controls (those states are shown, never left to be guessed).
    public mutating func update(_ playback: PlaybackSnapshot, at now: Duration) {
        let previousPhase = self.playback.phase
        self.playback = playback
        if playback.phase != previousPhase && !playback.isPlayRequested { show(at: now) }
        relayout()
        reevaluate(at: now)
    }

    /// Lays the controls out for a new window size.
    public mutating func resize(to size: OverlaySize, at now: Duration) {
        layout = PlayerControlsLayout(size: size, playback: playback, configuration: configuration)
        relayout()
        reevaluate(at: now)
    }

    /// The open menu's rows.
    public var menuItems: [ControlsMenuItem] {
        guard let openMenu else { return [] }
        return ControlsMenuItem.items(of: openMenu.kind, playback: playback, speeds: configuration.speeds)
    }

    /// The time the timeline and the elapsed label show: the drag position while scrubbing.
    public var displayedTime: Double {
        if case .timeline(let time) = drag { return time }
        return playback.currentTime
    }

    /// The time under the pointer while it hovers over the timeline (or drags it).
    public var hoveredTime: Double? {
        guard areControlsVisible, let pointer else { return nil }
        if case .timeline(let time) = drag { return time }
        guard allowsSeeking, hitTest(pointer) == .control(.timeline) else { return nil }
        return time(atX: pointer.x)
    }

    // MARK: - Showing and hiding

    mutating func show(at now: Duration) {
        areControlsVisible = true
        idleSince = now
    }

    mutating func hide() {
        areControlsVisible = false
        focusedControl = nil
    }

    /// Whether something forbids auto-hiding now.
    var hideIsBlocked: Bool {
        // An audio-only item has no picture to uncover: its controls and details stay.
        !playback.isPlayRequested || isHovering || drag != nil || openMenu != nil || playback.isAudioOnly
    }

    /// Whether the pointer is over the controls (not over the bare video).
    var isHovering: Bool {
        guard areControlsVisible, let pointer else { return false }
        return hitTest(pointer) != .video
    }

    mutating func reevaluate(at now: Duration) {
        if hideIsBlocked {
            hideWasBlocked = true
        } else if hideWasBlocked {
            // The 3 s count from when hiding became allowed, not from the last input.
            hideWasBlocked = false
            idleSince = now
        }
        if areControlsVisible && !hideIsBlocked && now >= idleSince + configuration.autoHideDelay { hide() }
        if playback.phase == .waiting {
            let since = waitingSince ?? now
            waitingSince = since
            let shownAt = since + configuration.bufferingIndicatorDelay
            isBufferingIndicatorVisible = now >= shownAt
            spinnerTurns = isBufferingIndicatorVisible ? Int((now - shownAt) / Self.spinnerStep) : 0
        } else {
            waitingSince = nil
            isBufferingIndicatorVisible = false
            spinnerTurns = 0
        }
        bufferingIndicatorStep = spinnerTurns % 8
    }

    /// Lays out again after a change, closing a menu whose button or rows went away and
    /// dropping the focus from a control that went away.
    mutating func relayout() {
        if openMenu != nil && menuItems.isEmpty { openMenu = nil }
        layout = PlayerControlsLayout(
            size: layout.size, playback: playback, configuration: configuration, openMenu: openMenu?.kind,
            menuItemCount: menuItems.count)
        if let openMenu, layout.frame(of: openMenu.kind.button) == nil {
            self.openMenu = nil
            layout = PlayerControlsLayout(size: layout.size, playback: playback, configuration: configuration)
        }
        if let focusedControl, layout.frame(of: focusedControl) == nil { self.focusedControl = nil }
    }

    // MARK: - Timeline geometry

    /// The time at column `x` of the timeline (clamped to its ends); `nil` when the timeline
    /// spans nothing yet.
    public func time(atX x: Int) -> Double? {
        guard let range = playback.timelineRange, let track = layout.frame(of: .timeline), track.width > 1 else {
            return nil
        }
        let fraction = min(max(Double(x - track.x) / Double(track.width - 1), 0), 1)
        return range.lowerBound + fraction * (range.upperBound - range.lowerBound)
    }

    /// The column of the timeline at `time` (clamped to its ends).
    public func x(atTime time: Double) -> Int? {
        guard let range = playback.timelineRange, let track = layout.frame(of: .timeline), track.width > 1 else {
            return nil
        }
        let span = range.upperBound - range.lowerBound
        let fraction = span > 0 ? min(max((time - range.lowerBound) / span, 0), 1) : 0
        return track.x + Int((fraction * Double(track.width - 1)).rounded())
    }

    /// The volume at column `x` of the volume slider, 0…1.
    func volume(atX x: Int) -> Float {
        guard let slider = layout.frame(of: .volume), slider.width > 1 else { return playback.volume }
        return Float(min(max(Double(x - slider.x) / Double(slider.width - 1), 0), 1))
    }
}
