internal import CSDL

/// What an SDL event means for one window.
enum SDLWindowInput: Equatable {
    /// Forward to the output's callback.
    case event(VideoWindowEvent)
    /// The window's contents were lost or its size changed: draw the current frame again.
    case redraw
    /// The primary button went down at (`x`, `y`) in window coordinates: a click in the main
    /// window, a button or the start of a drag in the Picture-in-Picture window.
    case press(x: Int, y: Int, clickCount: Int)
    /// The pointer moved to (`x`, `y`) in window coordinates.
    case pointerMoved(x: Int, y: Int)
    /// The primary button went up at (`x`, `y`).
    case release(x: Int, y: Int)
}

/// Turns SDL events into `VideoWindowEvent`s addressed to SDL window ids. Size and
/// visibility are not translated here: the render loop reports them from the window's state,
/// which also catches changes SDL makes without an event.
enum SDLEventTranslation {
    /// The window `event` is for and what it means; `nil` for events no output cares about.
    static func translate(_ event: SDL_Event) -> (windowID: UInt32, input: SDLWindowInput)? {
        switch event.type {
        case SDL_KEYDOWN.rawValue:
            var key = VideoWindowKey(sdlKeyCode: event.key.keysym.sym)
            if key == .tab, UInt32(event.key.keysym.mod) & KMOD_SHIFT.rawValue != 0 { key = .backTab }
            return (event.key.windowID, .event(.keyDown(key: key, isRepeat: event.key.repeat != 0)))
        case SDL_MOUSEBUTTONDOWN.rawValue where event.button.button == UInt8(SDL_BUTTON_LEFT):
            let press = SDLWindowInput.press(
                x: Int(event.button.x), y: Int(event.button.y), clickCount: Int(event.button.clicks))
            return (event.button.windowID, press)
        case SDL_MOUSEBUTTONUP.rawValue where event.button.button == UInt8(SDL_BUTTON_LEFT):
            return (event.button.windowID, .release(x: Int(event.button.x), y: Int(event.button.y)))
        case SDL_MOUSEWHEEL.rawValue:
            let flipped = event.wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue
            let steps = Int(event.wheel.y) * (flipped ? -1 : 1)
            guard steps != 0 else { return nil }
            let wheel = VideoWindowEvent.wheel(x: Int(event.wheel.mouseX), y: Int(event.wheel.mouseY), steps: steps)
            return (event.wheel.windowID, .event(wheel))
        case SDL_MOUSEMOTION.rawValue:
            return (event.motion.windowID, .pointerMoved(x: Int(event.motion.x), y: Int(event.motion.y)))
        case SDL_WINDOWEVENT.rawValue:
            switch UInt32(event.window.event) {
            case SDL_WINDOWEVENT_CLOSE.rawValue: return (event.window.windowID, .event(.quitRequested))
            case SDL_WINDOWEVENT_LEAVE.rawValue: return (event.window.windowID, .event(.pointerLeft))
            case SDL_WINDOWEVENT_EXPOSED.rawValue, SDL_WINDOWEVENT_SIZE_CHANGED.rawValue:
                return (event.window.windowID, .redraw)
            default: return nil
            }
        default:
            return nil
        }
    }

    /// A primary-button or motion event for `windowID` at (`x`, `y`), as the mouse would
    /// produce it (test hook).
    static func pointerEvent(_ input: SDLWindowInput, windowID: UInt32) -> SDL_Event? {
        var event = SDL_Event()
        switch input {
        case .press(let x, let y, let clickCount):
            event.button.type = SDL_MOUSEBUTTONDOWN.rawValue
            event.button.state = UInt8(SDL_PRESSED)
            event.button.clicks = UInt8(clamping: clickCount)
            (event.button.x, event.button.y) = (Int32(clamping: x), Int32(clamping: y))
        case .release(let x, let y):
            event.button.type = SDL_MOUSEBUTTONUP.rawValue
            event.button.state = UInt8(SDL_RELEASED)
            (event.button.x, event.button.y) = (Int32(clamping: x), Int32(clamping: y))
        case .pointerMoved(let x, let y):
            event.motion.type = SDL_MOUSEMOTION.rawValue
            event.motion.windowID = windowID
            (event.motion.x, event.motion.y) = (Int32(clamping: x), Int32(clamping: y))
            return event
        case .event, .redraw:
            return nil
        }
        event.button.windowID = windowID
        event.button.button = UInt8(SDL_BUTTON_LEFT)
        return event
    }

    /// A key-down event for `windowID`, as the keyboard would produce it (test hook).
    static func keyDownEvent(keyCode: Int32, windowID: UInt32) -> SDL_Event {
        var event = SDL_Event()
        event.key.type = SDL_KEYDOWN.rawValue
        event.key.windowID = windowID
        event.key.state = UInt8(SDL_PRESSED)
        event.key.keysym.sym = keyCode
        return event
    }
}

extension VideoWindowKey {
    /// The key for SDL key code `code` (`SDL_Keycode`: layout-aware, the Unicode scalar for
    /// printable keys).
    init(sdlKeyCode code: Int32) {
        self = Self.byCode[code] ?? .other(code: Int(code))
    }

    private static let byCode: [Int32: VideoWindowKey] = [
        code(SDLK_SPACE): .space, code(SDLK_LEFT): .left, code(SDLK_RIGHT): .right, code(SDLK_UP): .up,
        code(SDLK_DOWN): .down, code(SDLK_f): .f, code(SDLK_q): .q, code(SDLK_m): .m, code(SDLK_n): .n,
        code(SDLK_p): .p,
        code(SDLK_9): .nine, code(SDLK_0): .zero, code(SDLK_LEFTBRACKET): .leftBracket,
        code(SDLK_RIGHTBRACKET): .rightBracket, code(SDLK_ESCAPE): .escape, code(SDLK_TAB): .tab,
        code(SDLK_RETURN): .enter, code(SDLK_KP_ENTER): .enter, code(SDLK_PAGEUP): .pageUp,
        code(SDLK_PAGEDOWN): .pageDown,
    ]

    /// The SDL key code that produces this key (the inverse of `init(sdlKeyCode:)`).
    var sdlKeyCode: Int32 {
        if case .other(let code) = self { return Int32(truncatingIfNeeded: code) }
        if self == .backTab { return Self.code(SDLK_TAB) }
        if self == .enter { return Self.code(SDLK_RETURN) }
        return Self.byCode.first { $0.value == self }?.key ?? 0
    }

    /// SDL's key-code enumerators are unsigned in C; event key codes are `Sint32`.
    static func code(_ key: SDL_KeyCode) -> Int32 { Int32(bitPattern: key.rawValue) }
}
