public import SpoolCore

extension SDLVideoOutput {
    /// How the picture is placed in the window. Setting it redraws the current frame.
    public var gravity: VideoGravity {
        get { host.state.withLock { $0.mailboxes[slot]?.gravity } ?? configuration.gravity }
        set {
            _ = host.updateMailbox(slot) { $0.gravity = newValue }
            host.submit(.change(slot: slot, .gravity(newValue)))
        }
    }

    /// The window title.
    public var title: String {
        get { host.state.withLock { $0.mailboxes[slot]?.title } ?? configuration.title }
        set {
            _ = host.updateMailbox(slot) { $0.title = newValue }
            host.submit(.change(slot: slot, .title(newValue)))
        }
    }

    /// Whether the window is in desktop fullscreen, as last seen; setting it asks the SDL
    /// thread to switch (the getter follows once the window has).
    public var isFullscreen: Bool {
        get { status.isFullscreen }
        set { host.submit(.change(slot: slot, .fullscreen(newValue))) }
    }

    /// Switches between desktop fullscreen and the window, whichever it is in when the SDL
    /// thread gets to it (so two quick toggles always cancel out).
    public func toggleFullscreen() {
        host.submit(.change(slot: slot, .fullscreen(nil)))
    }

    /// Asks for a window of `width`×`height` screen coordinates. It also stops the first
    /// frame from choosing the size. `status` shows the new size once the window has it.
    public func setWindowSize(width: Int, height: Int) {
        host.submit(.change(slot: slot, .size(width: max(1, width), height: max(1, height))))
    }

    /// The window's size and visibility and the frame counters, as last published by the
    /// SDL thread.
    public var status: VideoWindowStatus {
        host.state.withLock { $0.mailboxes[slot]?.status } ?? VideoWindowStatus()
    }

    /// The window's drawable size for the viewport cap (see `VideoWindowStatus.viewportWidth`);
    /// `nil` until the SDL thread has measured it.
    public var viewportSize: PixelSize? {
        let status = status
        guard status.viewportWidth > 0, status.viewportHeight > 0 else { return nil }
        return PixelSize(width: status.viewportWidth, height: status.viewportHeight)
    }

    /// Whether any part of the window can be seen (shown, not minimised, not stopped).
    /// Decoding video for an invisible window is wasted work.
    public var isVisible: Bool { status.isVisible }

    /// Blocks the calling thread until `condition` holds for `status`, or `timeout` passed.
    /// Returns the status that satisfied it, or `nil` on timeout. For tests and tools: never
    /// call it on Swift's cooperative pool or from `onEvent`.
    public func waitForStatus(
        timeout: Duration, until condition: (VideoWindowStatus) -> Bool
    ) -> VideoWindowStatus? {
        host.state.wait(timeout: timeout) { state -> VideoWindowStatus? in
            guard let status = state.mailboxes[slot]?.status, condition(status) else { return nil }
            return status
        }
    }

    /// What the window shows now, read back from the renderer as RGBA at its output size:
    /// the latest presented frame is drawn first, so a snapshot taken right after `present`
    /// shows that frame. Meaningful once a frame has been shown (the window is mapped then).
    ///
    /// - Throws: `.stopped` after `stop()`; `.presentFailed` when SDL cannot read back, or
    ///   when the SDL thread does not answer within the configuration's `openTimeout`.
    public func snapshotRGBA() async throws(VideoOutputError) -> VideoSnapshot {
        let reply = SDLReply<Result<VideoSnapshot, VideoOutputError>>()
        host.submit(.snapshot(slot: slot, reply: reply))
        guard let result = await reply.value(timeout: configuration.openTimeout) else {
            throw .presentFailed("the SDL thread did not answer within \(configuration.openTimeout)")
        }
        return try result.get()
    }

    /// Whether a window can be opened here: SDL's video subsystem starts (on the SDL
    /// thread) on the display named by the environment. Blocks the caller while SDL tries,
    /// typically tens of milliseconds, at most five seconds.
    public static func isDisplayAvailable() -> Bool {
        SDLVideoHost.shared.probe(timeout: .seconds(5))
    }

    /// Test hook: delivers a press of `key` to this window through SDL's event queue, as
    /// the keyboard would, so it travels the same path (pump, routing, translation).
    func simulateKeyDown(_ key: VideoWindowKey) {
        host.submit(.simulateKeyDown(slot: slot, keyCode: key.sdlKeyCode))
    }
}

extension SDLVideoOutput {
    /// Draws `overlay` over the video from the next redraw on (the current frame is drawn again
    /// at once, so a paused video shows it too); `nil` removes it, and frames are then drawn
    /// exactly as without one. The newest call wins; the bytes are shared, not copied.
    public func setOverlay(_ overlay: VideoOverlay?) {
        host.submit(.change(slot: slot, .overlay(overlay)))
    }

    /// Shows or hides the mouse pointer over the window (hidden with the controls).
    public func setPointerVisible(_ visible: Bool) {
        host.submit(.change(slot: slot, .pointerVisible(visible)))
    }
}

extension SDLVideoOutput {
    /// Shows the window now, before any frame: black with the overlay, at the configured size
    /// (640x360 by default). For what has something to show but no video — an error, an
    /// audio-only item. A first frame later still sizes the window, as it would have.
    /// Nothing happens once the window is showing.
    public func showWithoutVideo() {
        host.submit(.change(slot: slot, .showWithoutVideo))
    }
}
