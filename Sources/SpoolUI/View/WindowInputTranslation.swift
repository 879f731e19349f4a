public import Spool

/// Window events as the controls overlay takes them.
public enum WindowInputTranslation {
    /// The overlay's input for `event`; `nil` for events that are not the user's input to the
    /// controls (resizes, visibility, close requests, the floating window's buttons).
    public static func input(for event: VideoWindowEvent) -> PlayerControlsInput? {
        switch event {
        case .pointerMoved(let x, let y): return .pointerMoved(to: OverlayPoint(x: x, y: y))
        case .pointerReleased(let x, let y): return .pointerReleased(at: OverlayPoint(x: x, y: y))
        case .pointerLeft: return .pointerLeft
        case .click(let x, let y, let clickCount):
            return .pointerPressed(at: OverlayPoint(x: x, y: y), clickCount: clickCount)
        case .wheel(let x, let y, let steps): return .wheel(at: OverlayPoint(x: x, y: y), steps: steps)
        case .keyDown(let key, _): return key.controlsKey.map { .key($0.key, modifiers: $0.modifiers) }
        case .quitRequested, .resized, .visibilityChanged, .pictureInPictureRestoreRequested,
            .pictureInPictureCloseRequested:
            return nil
        }
    }
}

extension VideoWindowKey {
    /// The overlay's key for this window key; `nil` for keys it has no use for.
    fileprivate var controlsKey: (key: PlayerControlsKey, modifiers: PlayerControlsKey.Modifiers)? {
        switch self {
        case .space: (.space, [])
        case .left: (.left, [])
        case .right: (.right, [])
        case .up: (.up, [])
        case .down: (.down, [])
        case .tab: (.tab, [])
        case .backTab: (.tab, [.shift])
        case .enter: (.enter, [])
        case .pageUp: (.pageUp, [])
        case .pageDown: (.pageDown, [])
        case .escape: (.escape, [])
        case .f: (.character("f"), [])
        case .q: (.character("q"), [])
        case .m: (.character("m"), [])
        case .n: (.character("n"), [])
        case .p: (.character("p"), [])
        case .nine: (.character("9"), [])
        case .zero: (.character("0"), [])
        case .leftBracket: (.character("["), [])
        case .rightBracket: (.character("]"), [])
        case .other(let code):
            Unicode.Scalar(UInt32(clamping: max(code, 0))).map { (.character(Character($0)), []) }
        }
    }
}
