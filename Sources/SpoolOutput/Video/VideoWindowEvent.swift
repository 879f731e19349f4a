/// Something the user did to a video window, forwarded so the player (or the CLI) can map
/// it to a command. Outputs report; they never act on these themselves.
public enum VideoWindowEvent: Sendable, Equatable {
    /// A key went down while the window had focus; `isRepeat` when held down (auto-repeat).
    case keyDown(key: VideoWindowKey, isRepeat: Bool)
    /// The user asked to close the window (its close button or the window manager).
    case quitRequested
    /// The window's size changed, in screen coordinates.
    case resized(width: Int, height: Int)
    /// The window became visible (`true`) or was hidden or minimised (`false`).
    case visibilityChanged(Bool)
    /// The primary mouse button was pressed at (`x`, `y`) in window coordinates;
    /// `clickCount` is 2 for a double click.
    case click(x: Int, y: Int, clickCount: Int)
    /// The pointer moved to (`x`, `y`) in window coordinates (or entered the window there).
    case pointerMoved(x: Int, y: Int)
    /// The primary mouse button was released at (`x`, `y`) in window coordinates.
    case pointerReleased(x: Int, y: Int)
    /// The pointer left the window.
    case pointerLeft
    /// The wheel turned by `steps` notches at (`x`, `y`): positive away from the user (up).
    case wheel(x: Int, y: Int, steps: Int)
    /// The restore button of the Picture-in-Picture window was clicked: the user wants the
    /// main window back, with playback going on.
    case pictureInPictureRestoreRequested
    /// The close button of the Picture-in-Picture window was clicked: the user wants the
    /// floating window gone (AVKit pauses playback then).
    case pictureInPictureCloseRequested
}

/// The keys a player binds, named by what is printed on them (the layout is respected: `q`
/// is the key that types "q").
public enum VideoWindowKey: Sendable, Hashable {
    /// The space bar.
    case space
    /// The left arrow.
    case left
    /// The right arrow.
    case right
    /// The up arrow.
    case up
    /// The down arrow.
    case down
    /// F.
    case f
    /// Q.
    case q
    /// M.
    case m
    /// N.
    case n
    /// P.
    case p
    /// The digit 9.
    case nine
    /// The digit 0.
    case zero
    /// [ (left bracket).
    case leftBracket
    /// ] (right bracket).
    case rightBracket
    /// Escape.
    case escape
    /// Tab.
    case tab
    /// Shift+Tab (focus backwards).
    case backTab
    /// Return or the keypad's Enter.
    case enter
    /// Page Up (next chapter in mpv's bindings).
    case pageUp
    /// Page Down (previous chapter in mpv's bindings).
    case pageDown
    /// Any other key: SDL's key code, which is the Unicode scalar value for printable keys.
    case other(code: Int)
}
