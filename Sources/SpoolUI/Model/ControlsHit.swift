/// What is under a point of the overlay.
public enum ControlsHit: Sendable, Equatable {
    /// A row of the open menu.
    case menuItem(Int)
    /// A control.
    case control(PlayerControl)
    /// The controls' background (the bar, the title strip, a banner or a menu's panel): it
    /// counts as hovering the controls but does nothing when clicked.
    case background
    /// The bare video (or anything while the controls are hidden).
    case video
}

extension PlayerControlsModel {
    /// What is under `point`: the open menu first, then the banners, the controls, their
    /// backgrounds; the video everywhere else and everywhere while the controls are hidden.
    public func hitTest(_ point: OverlayPoint) -> ControlsHit {
        guard areControlsVisible else { return .video }
        if let menu = layout.menu {
            if let index = menu.items.firstIndex(where: { $0.contains(point) }) { return .menuItem(index) }
            if menu.panel.contains(point) { return .background }
        }
        for control in [PlayerControl.retry, .skipFailedItem, .replay]
        where layout.frame(of: control)?.contains(point) == true {
            return .control(control)
        }
        if layout.banner?.contains(point) == true { return .background }
        for control in layout.visibleControls where layout.frame(of: control)?.contains(point) == true {
            return .control(control)
        }
        if layout.bar.contains(point) { return .background }
        if playback.title != nil && layout.titleBar.contains(point) { return .background }
        return .video
    }
}
