import SpoolCore

/// One output's window as the SDL thread sees it: the SDL objects plus the bookkeeping the
/// render loop needs between batches (gravity, whether a redraw is due, frames shown).
///
/// SDL-thread only, like the `SDLWindow` it owns: `SDLRenderLoop` creates and keeps it.
final class SDLWindowSession {
    /// The output's mailbox key.
    let slot: Int
    let window: SDLWindow
    /// Called on the SDL thread for each event, in order.
    let onEvent: @Sendable (VideoWindowEvent) -> Void
    /// Frames that reached the screen.
    private(set) var framesShown = 0
    /// Whether the window must be drawn again before the loop sleeps.
    var needsRedraw = false
    private var gravity: VideoGravity
    private var hasUnshownFrame = false
    /// Whether an overlay change waits for the next frame's present.
    private var overlayTiming = OverlayPresentTiming()
    /// The window is mapped when its first frame arrives, at a size that frame decides.
    private var isMapped = false
    /// Mapped by `showWithoutVideo` before any frame: the first frame still sizes the window.
    private var isShownWithoutVideo = false
    private var hasChosenSize: Bool
    private let startsFullscreen: Bool
    /// The size to return to when leaving fullscreen.
    private var windowedSize: (width: Int, height: Int)?
    private var lastState: SDLWindowState
    /// The size `showFitting` gave the window; a different size later was someone's choice.
    private var fittedSize: (width: Int, height: Int)?
    /// The viewport cap's size in pixels (see `VideoWindowStatus.viewportWidth`), measured
    /// when the window's state changes, not on every pump (the display query is a round trip
    /// to the X server).
    private(set) var viewportSize = (width: 0, height: 0)
    /// The newest frame, kept so a window that starts showing the video (Picture-in-Picture,
    /// or the main window coming back) has a picture at once, even while paused.
    private var lastFrame: (any VideoFrame)?
    /// The floating window, while Picture-in-Picture is on; the main window is hidden then.
    private(set) var pictureInPicture: SDLPictureInPictureWindow?
    private let title: String
    /// The application window the video is embedded in (`Configuration.parentWindow`).
    private let parentWindow: UInt?
    /// When the parent's size was last compared with ours (an X round trip: not every pump).
    private var parentCheckedAt: ContinuousClock.Instant?

    /// How much of the display a new window may cover.
    static let displayFraction = 0.8

    /// Creates the (hidden) window for `configuration`.
    init(
        slot: Int, configuration: SDLVideoOutput.Configuration,
        onEvent: @escaping @Sendable (VideoWindowEvent) -> Void
    ) throws(VideoOutputError) {
        var size = configuration.initialSize ?? (width: 640, height: 360)
        window = try SDLWindow(title: configuration.title, width: size.width, height: size.height)
        parentWindow = configuration.parentWindow
        if let parent = configuration.parentWindow {
            guard let parentSize = window.sizeOfX11Window(parent) else {
                window.destroy()
                throw .unavailable("there is no X11 window \(SDLWindow.hex(parent)) to show the video in")
            }
            do throws(VideoOutputError) {
                try window.embed(inX11Window: parent)
            } catch {
                window.destroy()
                throw error
            }
            size = parentSize
            window.setSize(width: size.width, height: size.height)
        }
        self.slot = slot
        self.onEvent = onEvent
        gravity = configuration.gravity
        hasChosenSize = configuration.initialSize != nil || configuration.parentWindow != nil
        lastState = window.state
        startsFullscreen = configuration.startsFullscreen && configuration.parentWindow == nil
        title = configuration.title
        measureViewport(lastState)
    }

    /// Whether a frame presented now can be seen: the main window is visible (or not shown
    /// yet: it maps with the first frame) or Picture-in-Picture is on. `false` while the
    /// window is hidden or minimised without Picture-in-Picture: background playback.
    var isShowingVideo: Bool {
        !isMapped || pictureInPicture != nil || window.state.isVisible
    }

    /// Whether `windowID` is one of this session's windows.
    func owns(windowID: UInt32) -> Bool {
        window.windowID == windowID || pictureInPicture?.window.windowID == windowID
    }

    func apply(_ change: SDLWindowChange) {
        switch change {
        case .gravity(let newGravity):
            gravity = newGravity
            needsRedraw = true
        case .title(let title):
            window.setTitle(title)
        case .size(let width, let height):
            hasChosenSize = true
            window.setSize(width: width, height: height)
            needsRedraw = true
            measureViewport(window.state)
        case .fullscreen(let fullscreen):
            setFullscreen(fullscreen ?? !window.state.isFullscreen)
        case .hidden(let hidden):
            // Before the first frame the window is not mapped; it stays as the frame decides.
            guard isMapped, pictureInPicture == nil else { return }
            if hidden { window.hide() } else { window.showRestored() }
            needsRedraw = true
        case .minimize:
            guard isMapped, pictureInPicture == nil else { return }
            window.minimize()
        case .overlay(let overlay):
            // An overlay that cannot be shown is dropped, never a reason to stop the video.
            do { try window.setOverlay(overlay) } catch { try? window.setOverlay(nil) }
            if overlayTiming.overlayChanged(at: .now) || pictureInPicture != nil { needsRedraw = true }
        case .pointerVisible(let visible):
            window.setPointerVisible(visible)
        case .showWithoutVideo:
            guard !isMapped, pictureInPicture == nil else { return }
            isMapped = true
            isShownWithoutVideo = true
            window.show()
            if startsFullscreen { setFullscreen(true) }
            needsRedraw = true
        }
    }

    /// Enters or leaves desktop fullscreen. Leaving restores the window's earlier size
    /// explicitly: SDL leaves that to the window manager, and without one (Xvfb, kiosks)
    /// the window would stay as large as the screen.
    private func setFullscreen(_ fullscreen: Bool) {
        let before = window.state
        guard fullscreen != before.isFullscreen else { return }
        if fullscreen { windowedSize = (before.width, before.height) }
        window.setFullscreen(fullscreen)
        if !fullscreen, let size = windowedSize {
            window.setSize(width: size.width, height: size.height)
        }
        needsRedraw = true
    }

    /// Uploads `frame`; the first one also sizes (unless a size was chosen), centres and
    /// shows the window.
    func upload(_ frame: any VideoFrame) throws(VideoOutputError) {
        lastFrame = frame
        hasUnshownFrame = true
        needsRedraw = true
        overlayTiming.frameUploaded(at: .now)
        if let pictureInPicture {
            try pictureInPicture.upload(frame)
            return
        }
        try window.upload(frame)
        if isShownWithoutVideo {
            // Shown black for an error or a sound; the first picture still chooses the size.
            isShownWithoutVideo = false
            if !hasChosenSize, !window.state.isFullscreen {
                window.showFitting(
                    width: frame.displaySize.width, height: frame.displaySize.height, fraction: Self.displayFraction)
                fittedSize = (window.state.width, window.state.height)
            }
            return
        }
        guard !isMapped else { return }
        isMapped = true
        if hasChosenSize {
            window.show()
        } else {
            window.showFitting(
                width: frame.displaySize.width, height: frame.displaySize.height, fraction: Self.displayFraction)
            fittedSize = (window.state.width, window.state.height)
        }
        // After sizing, so that leaving fullscreen returns to the size the frame chose.
        if startsFullscreen { setFullscreen(true) }
    }

    /// Draws and presents if something changed since the last present.
    func presentIfNeeded() throws(VideoOutputError) {
        if overlayTiming.isDue(at: .now) { needsRedraw = true }
        guard needsRedraw else { return }
        overlayTiming.presented()
        needsRedraw = false
        if let pictureInPicture {
            try pictureInPicture.drawAndPresent()
        } else {
            try window.draw(gravity: gravity)
            window.present()
        }
        if hasUnshownFrame {
            hasUnshownFrame = false
            framesShown += 1
        }
    }

    /// What the window shows (drawn afresh, then read back); the next pass presents it.
    func snapshot() throws(VideoOutputError) -> VideoSnapshot {
        try window.draw(gravity: gravity)
        needsRedraw = true
        return try window.readPixels()
    }

    /// The window's state now, and the events for what changed since the last call.
    func refreshState() -> (state: SDLWindowState, events: [VideoWindowEvent]) {
        followParentSize()
        let state = window.state
        defer { lastState = state }
        var events: [VideoWindowEvent] = []
        if state.width != lastState.width || state.height != lastState.height {
            events.append(.resized(width: state.width, height: state.height))
            needsRedraw = true
            if let fittedSize, !state.isFullscreen, (state.width, state.height) != fittedSize {
                hasChosenSize = true
            }
        }
        if state != lastState { measureViewport(state) }
        if state.isVisible != lastState.isVisible {
            events.append(.visibilityChanged(state.isVisible))
        }
        return (state, events)
    }

    /// Embedded: fills the parent window, checked every 100 ms (its owner resizes it without
    /// telling us; X sends the parent's ConfigureNotify to its own client only).
    private func followParentSize() {
        guard let parentWindow else { return }
        let now = ContinuousClock.now
        if let checked = parentCheckedAt, checked.duration(to: now) < .milliseconds(100) { return }
        parentCheckedAt = now
        guard let size = window.sizeOfX11Window(parentWindow) else { return }
        let current = window.state
        if (size.width, size.height) != (current.width, current.height) {
            window.setSize(width: size.width, height: size.height)
            needsRedraw = true
        }
    }

    /// The drawable size once the size was chosen (or fullscreen); before that, the largest
    /// size the first frame may give the window, in pixels.
    private func measureViewport(_ state: SDLWindowState) {
        let output = window.outputSize
        guard !hasChosenSize, !state.isFullscreen, state.width > 0, state.height > 0,
            let area = window.displayArea(fraction: Self.displayFraction)
        else {
            viewportSize = output
            return
        }
        // Screen coordinates to pixels, as the renderer scales them (HiDPI).
        viewportSize = (area.width * output.width / state.width, area.height * output.height / state.height)
    }

    /// Destroys the window and everything in it.
    /// Opens the floating window showing the newest frame and hides the main window.
    ///
    /// - Throws: `.presentFailed` before the first frame (there is nothing to show yet), or
    ///   when SDL cannot make the window. Starting twice is not an error.
    func startPictureInPicture() throws(VideoOutputError) {
        guard pictureInPicture == nil else { return }
        guard let frame = lastFrame else {
            throw .presentFailed("Picture in Picture needs a video frame, and none was shown yet")
        }
        let floating = try SDLPictureInPictureWindow(
            title: "\(title) (Picture in Picture)", contentWidth: frame.displaySize.width,
            contentHeight: frame.displaySize.height, display: window.usableDisplayBounds)
        do throws(VideoOutputError) {
            try floating.upload(frame)
            floating.show()
            try floating.drawAndPresent()
        } catch {
            floating.destroy()
            throw error
        }
        pictureInPicture = floating
        if window.state.isFullscreen { setFullscreen(false) }
        window.hide()
    }

    /// Closes the floating window. With `showingMainWindow` the main window comes back, raised,
    /// showing the newest frame (restore); without, it stays hidden.
    func stopPictureInPicture(showingMainWindow: Bool) {
        guard let floating = pictureInPicture else {
            if showingMainWindow, isMapped { window.showRestored() }
            return
        }
        floating.destroy()
        pictureInPicture = nil
        if let frame = lastFrame {
            // Shown before the main window maps, so it never flashes an old picture.
            try? window.upload(frame)
        }
        if showingMainWindow { window.showRestored() }
        needsRedraw = true
    }

    /// Handles pointer input for one of this session's windows; returns the event for the
    /// output's callback, if any.
    func handlePointer(_ input: SDLWindowInput, windowID: UInt32) -> VideoWindowEvent? {
        guard let floating = pictureInPicture, floating.window.windowID == windowID else {
            switch input {
            case .press(let x, let y, let clickCount): return .click(x: x, y: y, clickCount: clickCount)
            case .pointerMoved(let x, let y): return .pointerMoved(x: x, y: y)
            case .release(let x, let y): return .pointerReleased(x: x, y: y)
            case .event, .redraw: return nil
            }
        }
        switch input {
        case .press(let x, let y, _):
            switch floating.press(x: x, y: y) {
            case .restore: return .pictureInPictureRestoreRequested
            case .close: return .pictureInPictureCloseRequested
            case .body: return nil
            }
        case .pointerMoved(let x, let y):
            floating.pointerMoved(x: x, y: y)
        case .release:
            floating.release()
        case .event, .redraw:
            break
        }
        return nil
    }

    /// Destroys the windows and everything in them.
    func close() {
        pictureInPicture?.destroy()
        pictureInPicture = nil
        lastFrame = nil
        window.destroy()
    }
}
