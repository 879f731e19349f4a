import Spool

extension PlayerControlsModel {
    /// The keyboard: Tab moves the focus ring through the visible controls, Enter and Space
    /// activate, arrows move sliders and menus, Esc closes a menu or leaves full screen; the
    /// window's single keys keep their meaning.
    mutating func keyPressed(_ key: PlayerControlsKey, modifiers: PlayerControlsKey.Modifiers, now: Duration)
        -> [PlayerControlsAction]
    {
        let wasVisible = areControlsVisible
        show(at: now)
        if let menu = openMenu, let actions = menuKey(key, menu: menu) { return actions }
        switch key {
        case .tab:
            openMenu = nil
            moveFocus(backwards: modifiers.contains(.shift), fromHidden: !wasVisible)
            return []
        case .enter, .space:
            if let focusedControl { return activate(focusedControl) }
            return key == .space ? activate(.playPause) : []
        case .escape:
            if focusedControl != nil {
                focusedControl = nil
                return []
            }
            return playback.isFullScreen ? [.exitFullScreen] : []
        case .left, .right, .up, .down:
            return arrow(key)
        case .character(let character):
            return characterKey(character)
        case .pageUp, .pageDown:
            return chapterStep(key == .pageUp ? 1 : -1)
        }
    }

    /// PgUp/PgDn: an exact seek to a chapter's start by `ChapterNavigation` (mpv's rule) over
    /// the timeline's chapter marks; past the last chapter, the next item when there is one.
    private func chapterStep(_ step: Int) -> [PlayerControlsAction] {
        guard allowsSeeking else { return [] }
        let starts = playback.markers.filter { $0.kind == .chapter }.map(\.time).sorted()
        switch ChapterNavigation.destination(stepping: step, from: playback.currentTime, starts: starts) {
        case .chapter(let index): return [.seek(to: starts[index], exact: true)]
        case .itemStart: return [.seek(to: playback.timelineRange?.lowerBound ?? 0, exact: true)]
        case .itemEnd: return playback.hasNextItem ? [.nextItem] : []
        case nil: return []
        }
    }

    /// Keys while a menu is open; `nil` lets the key through (Tab closes the menu and moves).
    private mutating func menuKey(_ key: PlayerControlsKey, menu: OpenMenu) -> [PlayerControlsAction]? {
        let count = menuItems.count
        switch key {
        case .up, .down:
            var moved = menu
            moved.highlightedIndex = min(max(menu.highlightedIndex + (key == .up ? -1 : 1), 0), max(count - 1, 0))
            openMenu = moved
            return []
        case .enter, .space:
            let items = menuItems
            openMenu = nil
            return menu.highlightedIndex < items.count ? [items[menu.highlightedIndex].action] : []
        case .escape:
            openMenu = nil
            focusedControl = menu.kind.button
            return []
        case .left, .right:
            return []
        case .tab, .character, .pageUp, .pageDown:
            return nil
        }
    }

    private mutating func moveFocus(backwards: Bool, fromHidden: Bool) {
        let order = layout.focusOrder
        guard !order.isEmpty else { return }
        guard let current = focusedControl, let index = order.firstIndex(of: current), !fromHidden else {
            focusedControl = backwards ? order.last : order.first
            return
        }
        focusedControl = order[(index + (backwards ? order.count - 1 : 1)) % order.count]
    }

    private func arrow(_ key: PlayerControlsKey) -> [PlayerControlsAction] {
        let increase = key == .right || key == .up
        if focusedControl == .volume {
            let step = configuration.volumeStep * (increase ? 1 : -1)
            return [.setVolume(clampedVolume(playback.volume + step))]
        }
        // The timeline when focused, and the window's arrows otherwise: ±5 s, ±60 s, exact up
        // to the configured limit.
        let seconds: Double = key == .left || key == .right ? 5 : 60
        return seek(by: increase ? seconds : -seconds, exact: seconds <= configuration.exactSeekLimit)
    }

    private func characterKey(_ character: Character) -> [PlayerControlsAction] {
        switch character {
        case "[", "]":
            let step: Float = character == "]" ? 0.25 : -0.25
            return [.setRate(min(max(playback.rate + step, 0.5), 4))]
        case "9", "0":
            let step = configuration.volumeStep * (character == "0" ? 1 : -1)
            return [.setVolume(clampedVolume(playback.volume + step))]
        case "m": return [.setMuted(!playback.isMuted)]
        case "n": return playback.hasNextItem ? [.nextItem] : []
        case "f": return [.toggleFullScreen]
        case "p": return [.togglePictureInPicture]
        case "q": return [.quit]
        default: return []
        }
    }

    /// What activating `control` (a click, Enter or Space) asks for.
    mutating func activate(_ control: PlayerControl) -> [PlayerControlsAction] {
        switch control {
        case .playPause:
            switch playback.phase {
            case .playing, .waiting: return [.pause]
            case .ended: return [.replay]
            case .empty: return []
            case .paused, .failed: return [.play]
            }
        case .previous:
            let restarts = playback.currentTime > configuration.restartThreshold || !playback.hasPreviousItem
            if restarts && allowsSeeking {
                return [.seek(to: playback.timelineRange?.lowerBound ?? 0, exact: true)]
            }
            return playback.hasPreviousItem ? [.previousItem] : []
        case .skipBackward: return seek(by: -configuration.skipInterval, exact: true)
        case .skipForward: return seek(by: configuration.skipInterval, exact: true)
        case .next, .skipFailedItem: return [.nextItem]
        case .retry: return [.retry]
        case .replay: return [.replay]
        case .timeLabel:
            if !playback.isLive { showsRemainingTime.toggle() }
            return []
        case .liveBadge: return allowsSeeking ? [.seekToLiveEdge] : []
        case .skipInterstitial: return [.skipInterstitial]
        case .mute: return [.setMuted(!playback.isMuted)]
        case .speedMenu, .subtitlesMenu, .audioMenu, .audioOutputMenu, .qualityMenu:
            guard let kind = control.menu else { return [] }
            if openMenu?.kind == kind {
                openMenu = nil
                return []
            }
            let items = ControlsMenuItem.items(of: kind, playback: playback, speeds: configuration.speeds)
            openMenu = OpenMenu(kind: kind, highlightedIndex: items.firstIndex(where: \.isSelected) ?? 0)
            return []
        case .pictureInPicture: return [.togglePictureInPicture]
        case .fullScreen: return [.toggleFullScreen]
        case .timeline, .volume, .elapsedTime, .title, .interstitialLabel: return []
        }
    }
}
