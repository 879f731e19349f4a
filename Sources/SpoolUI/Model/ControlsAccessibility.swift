/// What a control is to assistive technology (AT-SPI's roles, reduced to the ones the
/// overlay has).
public enum AccessibilityRole: String, Sendable, Hashable {
    /// A push button.
    case button
    /// A button that is on or off (mute, full screen).
    case toggleButton
    /// A slider (timeline, volume).
    case slider
    /// A button that opens a menu.
    case menuButton
    /// A row of an open menu.
    case menuItem
    /// Text that does nothing (labels, the title).
    case label
    /// A message that demands attention (the error banner).
    case alert
}

/// One node of the overlay's accessibility tree: a role, a name a screen reader speaks, and a
/// value where the control has one — "Play"; "Position", "1:23 of 10:00"; "Volume", "80 %".
public struct AccessibilityElement: Sendable, Equatable, CustomStringConvertible {
    /// The control, when the node is one (menus rows and the banner are not).
    public let control: PlayerControl?
    /// What it is.
    public let role: AccessibilityRole
    /// What it is called.
    public let name: String
    /// Its value, if it has one.
    public let value: String?
    /// Where it is on screen.
    public let frame: OverlayRect
    /// Whether it has the keyboard focus (or is the highlighted menu row).
    public let isFocused: Bool
    /// Whether it is the chosen row, for menu rows; whether it is on, for toggles.
    public let isChecked: Bool

    /// The name and the value as a screen reader reads them: "Position 1:23 of 10:00".
    public var description: String { value.map { "\(name) \($0)" } ?? name }
}

extension PlayerControlsModel {
    /// The accessibility tree of what is on screen, in focus order: the banner, every visible
    /// control, then the open menu's rows. Empty while the controls are hidden.
    public var accessibilityElements: [AccessibilityElement] {
        guard areControlsVisible else { return [] }
        var elements: [AccessibilityElement] = []
        if let message = playback.failureMessage, let banner = layout.banner {
            elements.append(
                AccessibilityElement(
                    control: nil, role: .alert, name: "Playback failed", value: message, frame: banner,
                    isFocused: false, isChecked: false))
        }
        for control in layout.visibleControls {
            guard let frame = layout.frame(of: control) else { continue }
            let (role, name, value, checked) = describe(control)
            elements.append(
                AccessibilityElement(
                    control: control, role: role, name: name, value: value, frame: frame,
                    isFocused: focusedControl == control, isChecked: checked))
        }
        if let menu = layout.menu, let open = openMenu {
            for (index, item) in menuItems.enumerated() where index < menu.items.count {
                elements.append(
                    AccessibilityElement(
                        control: nil, role: .menuItem, name: item.title, value: nil, frame: menu.items[index],
                        isFocused: open.highlightedIndex == index, isChecked: item.isSelected))
            }
        }
        return elements
    }

    /// The accessibility node of `control`, when it is visible.
    public func accessibilityElement(for control: PlayerControl) -> AccessibilityElement? {
        accessibilityElements.first { $0.control == control }
    }

    private func describe(_ control: PlayerControl) -> (AccessibilityRole, String, String?, Bool) {
        let duration = playback.duration
        switch control {
        case .retry: return (.button, "Retry", nil, false)
        case .skipFailedItem: return (.button, "Next", nil, false)
        case .replay: return (.button, "Replay", nil, false)
        case .skipInterstitial: return (.button, "Skip ad", nil, false)
        case .interstitialLabel:
            let left = playback.interstitial?.remaining.map {
                TimeLabelFormatter.string(seconds: $0, showsHours: false, roundingUp: true) + " left"
            }
            return (.label, "Ad", left, false)
        case .elapsedTime: return (.label, "Elapsed time", elapsedText, false)
        case .liveBadge: return (.button, "Live", timeLabelText.isEmpty ? "at the live edge" : timeLabelText, false)
        case .timeline:
            let position = TimeLabelFormatter.elapsed(displayedTime, duration: duration)
            if playback.isLive {
                return (.slider, "Position", "\(timeLabelText.isEmpty ? "live" : timeLabelText)", false)
            }
            let locked = allowsSeeking ? "" : ", locked"
            return (
                .slider, "Position", "\(position) of \(TimeLabelFormatter.total(duration: duration))\(locked)", false
            )
        case .timeLabel:
            if playback.isLive { return (.label, "Behind live", timeLabelText, false) }
            return (.button, showsRemainingTime ? "Remaining time" : "Duration", timeLabelText, showsRemainingTime)
        case .previous: return (.button, "Previous", nil, false)
        case .skipBackward: return (.button, "Back \(Int(configuration.skipInterval)) seconds", nil, false)
        case .playPause:
            switch playback.phase {
            case .playing, .waiting: return (.button, "Pause", nil, false)
            case .ended: return (.button, "Replay", nil, false)
            default: return (.button, "Play", nil, false)
            }
        case .skipForward: return (.button, "Forward \(Int(configuration.skipInterval)) seconds", nil, false)
        case .next: return (.button, "Next", nil, false)
        case .mute: return (.toggleButton, playback.isMuted ? "Unmute" : "Mute", nil, playback.isMuted)
        case .volume:
            let percent = Int((playback.volume * 100).rounded())
            return (.slider, "Volume", playback.isMuted ? "muted, \(percent) %" : "\(percent) %", false)
        case .speedMenu: return (.menuButton, "Playback speed", speedText, openMenu?.kind == .speed)
        case .subtitlesMenu:
            let name = playback.selectedSubtitleIndex.flatMap { playback.subtitleOptions[safe: $0] } ?? "Off"
            return (.menuButton, "Subtitles", name, openMenu?.kind == .subtitles)
        case .audioMenu:
            let name = playback.selectedAudioIndex.flatMap { playback.audioOptions[safe: $0] }
            return (.menuButton, "Audio", name, openMenu?.kind == .audio)
        case .audioOutputMenu:
            let name = playback.selectedAudioOutputIndex.flatMap { playback.audioOutputs[safe: $0] }
            return (.menuButton, "Audio output", name, openMenu?.kind == .audioOutput)
        case .qualityMenu:
            let name = playback.selectedQualityIndex.flatMap { playback.qualityOptions[safe: $0] } ?? "Auto"
            return (.menuButton, "Quality", name, openMenu?.kind == .quality)
        case .pictureInPicture:
            let active = playback.isPictureInPictureActive
            return (.toggleButton, active ? "Exit Picture in Picture" : "Picture in Picture", nil, active)
        case .fullScreen:
            let on = playback.isFullScreen
            return (.toggleButton, on ? "Exit full screen" : "Full screen", nil, on)
        case .title: return (.label, playback.title ?? "", nil, false)
        }
    }
}

extension Array {
    /// The element at `index`, or `nil` outside the array.
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
