public import SpoolCore

extension SDLVideoOutput: PictureInPictureVideoOutput {
    /// Whether the floating Picture-in-Picture window shows the video, as last published by
    /// the SDL thread.
    public var isPictureInPictureActive: Bool { status.isPictureInPictureActive }

    /// Opens the Picture-in-Picture window — borderless, always on top, a quarter of the
    /// display's width with the video's aspect ratio, in the bottom-right corner — showing
    /// the current picture, and hides the main window. Frames keep arriving through
    /// `present` as before: the engine, its clock and the audio are not touched. The window
    /// has a restore button (top left) and a close button (top right), reported as
    /// `.pictureInPictureRestoreRequested` and `.pictureInPictureCloseRequested`, and is
    /// moved by dragging it. Starting while active does nothing.
    ///
    /// - Throws: `.presentFailed` before the first frame was shown or when SDL cannot make
    ///   the window, or when the SDL thread does not answer within `openTimeout`;
    ///   `.stopped` after `stop()`.
    public func startPictureInPicture() async throws(VideoOutputError) {
        try await changePictureInPicture(active: true, showingMainWindow: false)
    }

    /// Closes the Picture-in-Picture window. With `showingMainWindow` (restore) the main
    /// window is shown again, raised, with the current picture; without it stays hidden.
    /// Stopping while inactive only shows the main window (when asked).
    ///
    /// - Throws: `.stopped` after `stop()`; `.presentFailed` when the SDL thread does not
    ///   answer within `openTimeout`.
    public func stopPictureInPicture(showingMainWindow: Bool = true) async throws(VideoOutputError) {
        try await changePictureInPicture(active: false, showingMainWindow: showingMainWindow)
    }

    private func changePictureInPicture(active: Bool, showingMainWindow: Bool) async throws(VideoOutputError) {
        guard host.state.withLock({ $0.mailboxes[slot].map { !$0.isStopped } ?? false }) else { throw .stopped }
        let reply = SDLReply<VideoOutputError?>()
        host.submit(.pictureInPicture(slot: slot, active: active, showingMainWindow: showingMainWindow, reply: reply))
        switch await reply.value(timeout: configuration.openTimeout) {
        case .some(.none): return
        case .some(.some(let error)): throw error
        case .none: throw .presentFailed("the SDL thread did not answer within \(configuration.openTimeout)")
        }
    }

    /// The window events from now on, for as long as the consumer iterates; the same events
    /// `onEvent` receives. Several consumers each get every event.
    public func windowEvents() -> AsyncStream<VideoWindowEvent> {
        eventSubscribers.subscribe()
    }

    /// Hides the main window (X11 unmaps it, with or without a window manager) — as a
    /// "minimise to tray" would. Without Picture-in-Picture nothing can be seen then, so the
    /// engine stops decoding video (audio goes on). Ignored before the first frame.
    public func hideWindow() {
        host.submit(.change(slot: slot, .hidden(true)))
    }

    /// Shows the main window again (un-minimised and raised). Ignored during
    /// Picture-in-Picture: restoring is `stopPictureInPicture()`.
    public func showWindow() {
        host.submit(.change(slot: slot, .hidden(false)))
    }

    /// Asks the window manager to minimise the main window (needs one; Xvfb alone has none).
    public func minimizeWindow() {
        host.submit(.change(slot: slot, .minimize))
    }

    /// Test hook: delivers a mouse event to the main window or the Picture-in-Picture window
    /// through SDL's event queue, as the mouse would.
    func simulatePointer(_ input: SDLWindowInput, inPictureInPicture: Bool) {
        host.submit(.simulatePointer(slot: slot, pictureInPicture: inPictureInPicture, input: input))
    }
}

extension SDLVideoOutput: VisibilityReportingVideoOutput {
    /// Whether presented frames can be seen: the main window is shown (or waits for its first
    /// frame) or Picture-in-Picture is on; as last published by the SDL thread.
    public var isShowingVideo: Bool { status.isShowingVideo }

    /// Calls `observer` on the SDL thread whenever `isShowingVideo` changes.
    public func addShowingVideoObserver(_ observer: @escaping @Sendable (Bool) -> Void) -> Int {
        host.updateMailbox(slot) { mailbox in
            let token = mailbox.nextObserver
            mailbox.nextObserver += 1
            mailbox.showingVideoObservers[token] = observer
            return token
        } ?? -1
    }

    /// Stops calling the observer registered under `token`.
    public func removeShowingVideoObserver(_ token: Int) {
        _ = host.updateMailbox(slot) { $0.showingVideoObservers.removeValue(forKey: token) }
    }
}
