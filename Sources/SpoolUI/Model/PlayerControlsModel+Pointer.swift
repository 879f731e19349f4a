extension PlayerControlsModel {
    /// Takes one input at `now` and returns what it asks of the player and the view, in order.
    /// Every input but the pointer leaving shows the controls and restarts the hide timer.
    public mutating func handle(_ input: PlayerControlsInput, at now: Duration) -> [PlayerControlsAction] {
        let actions: [PlayerControlsAction]
        switch input {
        case .pointerMoved(let point):
            actions = pointerMoved(to: point, at: now)
        case .pointerLeft:
            pointer = nil
            actions = []
        case .pointerPressed(let point, let clickCount):
            actions = pointerPressed(at: point, clickCount: clickCount, now: now)
        case .pointerReleased(let point):
            actions = pointerReleased(at: point, now: now)
        case .wheel(let point, let steps):
            actions = wheel(at: point, steps: steps, now: now)
        case .key(let key, let modifiers):
            actions = keyPressed(key, modifiers: modifiers, now: now)
        }
        for action in actions { anticipate(action) }
        relayout()
        reevaluate(at: now)
        return actions
    }

    private mutating func pointerMoved(to point: OverlayPoint, at now: Duration) -> [PlayerControlsAction] {
        pointer = point
        show(at: now)
        switch drag {
        case .timeline(let previous):
            guard let time = time(atX: point.x), time != previous else { return [] }
            drag = .timeline(time: time)
            return [.seek(to: time, exact: false)]
        case .volume:
            return [.setVolume(volume(atX: point.x))]
        case nil:
            if var menu = openMenu, case .menuItem(let index) = hitTest(point) {
                menu.highlightedIndex = index
                openMenu = menu
            }
            return []
        }
    }

    private mutating func pointerPressed(at point: OverlayPoint, clickCount: Int, now: Duration)
        -> [PlayerControlsAction]
    {
        pointer = point
        guard areControlsVisible else {
            // The first click on hidden controls only shows them; a double click still
            // toggles full screen.
            show(at: now)
            return clickCount >= 2 ? [.toggleFullScreen] : []
        }
        let hit = hitTest(point)
        show(at: now)
        focusedControl = nil  // the focus ring is for the keyboard
        if let menu = openMenu {
            openMenu = nil
            if case .menuItem(let index) = hit {
                let items = ControlsMenuItem.items(of: menu.kind, playback: playback, speeds: configuration.speeds)
                return index < items.count ? [items[index].action] : []
            }
            return []  // a click outside a menu only closes it
        }
        switch hit {
        case .control(.timeline):
            guard allowsSeeking, let time = time(atX: point.x) else { return [] }
            drag = .timeline(time: time)
            return []
        case .control(.volume):
            drag = .volume
            return [.setVolume(volume(atX: point.x))]
        case .control(let control):
            return activate(control)
        case .menuItem, .background:
            return []
        case .video:
            guard canHideByClick else { return clickCount >= 2 ? [.toggleFullScreen] : [] }
            // A double click arrives as a second press: undo the first press's toggle.
            if clickCount >= 2 { return [.toggleFullScreen] }
            hide()
            return []
        }
    }

    /// A click on the video hides the controls, except over a banner's state (failed,
    /// ended), which stays on screen.
    private var canHideByClick: Bool {
        playback.failureMessage == nil && playback.phase != .ended
    }

    private mutating func pointerReleased(at point: OverlayPoint, now: Duration) -> [PlayerControlsAction] {
        pointer = point
        show(at: now)
        defer { drag = nil }
        switch drag {
        case .timeline(let last):
            return [.seek(to: time(atX: point.x) ?? last, exact: true)]
        case .volume:
            return [.setVolume(volume(atX: point.x))]
        case nil:
            return []
        }
    }

    private mutating func wheel(at point: OverlayPoint, steps: Int, now: Duration) -> [PlayerControlsAction] {
        pointer = point
        // Hit-test before showing: over hidden controls the wheel acts on the video, never on
        // a volume slider the user cannot see.
        let hit = hitTest(point)
        show(at: now)
        guard steps != 0 else { return [] }
        switch hit {
        case .control(.volume), .control(.mute):
            return [.setVolume(clampedVolume(playback.volume + Float(steps) * configuration.volumeStep))]
        default:
            let offset = 5 * Double(steps)
            return seek(by: offset, exact: abs(offset) <= configuration.exactSeekLimit)
        }
    }

    /// A seek `offset` seconds from the playhead, clamped to the timeline; none when the
    /// timeline spans nothing.
    func seek(by offset: Double, exact: Bool) -> [PlayerControlsAction] {
        guard allowsSeeking, let range = playback.timelineRange else { return [] }
        let target = min(max(displayedTime + offset, range.lowerBound), range.upperBound)
        return [.seek(to: target, exact: exact)]
    }

    /// Whether the overlay may seek now (see `PlaybackSnapshot.allowsSeeking`).
    public var allowsSeeking: Bool {
        playback.allowsSeeking(requiresLinearPlayback: configuration.requiresLinearPlayback)
    }

    func clampedVolume(_ volume: Float) -> Float {
        // Steps of 5 % stay on whole percents despite float sums.
        min(max((volume * 100).rounded() / 100, 0), 1)
    }

    /// Applies what an action will do to the snapshot at once, so a second wheel notch or key
    /// builds on the first before the player's next report arrives.
    private mutating func anticipate(_ action: PlayerControlsAction) {
        switch action {
        case .seek(let time, _) where drag == nil: playback.currentTime = time
        case .setVolume(let volume): playback.volume = volume
        case .setMuted(let muted): playback.isMuted = muted
        case .setRate(let rate): playback.rate = rate
        case .selectSubtitle(let index): playback.selectedSubtitleIndex = index
        case .selectAudio(let index): playback.selectedAudioIndex = index
        case .selectAudioOutput(let index): playback.selectedAudioOutputIndex = index
        default: break
        }
    }
}
