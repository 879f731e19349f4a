/// What the user did, in window coordinates, as the window system reports it.
public enum PlayerControlsInput: Sendable, Equatable {
    /// The pointer moved (or entered the window) to a point.
    case pointerMoved(to: OverlayPoint)
    /// The pointer left the window.
    case pointerLeft
    /// A primary-button press; `clickCount` is 2 for the second press of a double click.
    case pointerPressed(at: OverlayPoint, clickCount: Int)
    /// The primary button was released.
    case pointerReleased(at: OverlayPoint)
    /// The wheel turned by `steps` notches (positive: up, away from the user).
    case wheel(at: OverlayPoint, steps: Int)
    /// A key was pressed.
    case key(PlayerControlsKey, modifiers: PlayerControlsKey.Modifiers = [])
}

/// The keys the overlay understands.
public enum PlayerControlsKey: Sendable, Hashable {
    /// Tab: moves the focus ring (Shift+Tab backwards).
    case tab
    /// Enter: activates the focused control or the highlighted menu item.
    case enter
    /// Space: like Enter on a focused control; otherwise play/pause.
    case space
    /// Esc: closes a menu, else leaves full screen, else clears the focus.
    case escape
    /// ←
    case left
    /// →
    case right
    /// ↑
    case up
    /// ↓
    case down
    /// A printable key: today's window keys (`[` `]` `9` `0` `m` `n` `f` `p` `q`).
    case character(Character)
    /// Page Up: the next chapter (mpv's binding).
    case pageUp
    /// Page Down: the previous chapter, or this one's start when well into it (mpv's rule).
    case pageDown

    /// Modifier keys held with a key.
    public struct Modifiers: OptionSet, Sendable, Hashable {
        /// The raw bits.
        public let rawValue: Int
        /// Modifiers from raw bits.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// Shift.
        public static let shift = Modifiers(rawValue: 1)
    }
}
