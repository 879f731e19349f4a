internal import CSDL
import SpoolCore

/// The body of the SDL thread: waits for work, opens and closes windows, uploads and shows
/// frames, pumps SDL's events and publishes each window's status.
///
/// Created on the SDL thread by `SDLVideoHost` and never shared (not `Sendable`), so the
/// windows it owns, and SDL itself, are touched by this one thread only.
final class SDLRenderLoop {
    /// How often events are pumped while a window is open. Frames and requests wake the
    /// loop at once; this bounds how late a key press or an expose is handled.
    static let pumpInterval = Duration.milliseconds(5)

    private let host: SDLVideoHost
    private var video = SDLVideoSubsystem()
    private var sessions: [Int: SDLWindowSession] = [:]

    init(host: SDLVideoHost) {
        self.host = host
    }

    /// What one wake-up brought: requests in order, and the newest frame per window.
    private struct Batch {
        var requests: [SDLHostRequest] = []
        var frames: [Int: any VideoFrame] = [:]
    }

    /// Runs for the life of the process; parks without a timeout while no window is open.
    func run() -> Never {
        while true {
            let batch = nextBatch()
            var frames = batch.frames
            for request in batch.requests { handle(request, frames: &frames) }
            for (slot, frame) in frames { upload(frame, to: slot) }
            if !sessions.isEmpty {
                pumpEvents()
                refreshAndPresent()
            }
        }
    }

    private func nextBatch() -> Batch {
        let timeout: Duration? = sessions.isEmpty ? nil : Self.pumpInterval
        let batch = host.state.wait(timeout: timeout) { state -> Batch? in
            var batch = Batch(requests: state.requests)
            for (slot, mailbox) in state.mailboxes {
                guard let frame = mailbox.pendingFrame else { continue }
                batch.frames[slot] = frame
                state.mailboxes[slot]?.pendingFrame = nil
            }
            guard !batch.requests.isEmpty || !batch.frames.isEmpty else { return nil }
            state.requests.removeAll()
            return batch
        }
        return batch ?? Batch()
    }

    private func handle(_ request: SDLHostRequest, frames: inout [Int: any VideoFrame]) {
        switch request {
        case .open(let slot, let configuration, let onEvent, let reply):
            open(slot: slot, configuration: configuration, onEvent: onEvent, reply: reply)
        case .change(let slot, let change):
            sessions[slot]?.apply(change)
        case .snapshot(let slot, let reply):
            guard let session = sessions[slot] else {
                _ = reply.deliver(.failure(.stopped))
                return
            }
            // Show what was presented before the snapshot was asked for.
            if let frame = frames.removeValue(forKey: slot) { upload(frame, to: slot) }
            _ = reply.deliver(Result { () throws(VideoOutputError) in try session.snapshot() })
        case .close(let slot, let closed):
            defer { closed() }
            guard let session = sessions.removeValue(forKey: slot) else { return }
            session.close()
            video.release()
        case .probe(let reply):
            guard sessions.isEmpty else { return reply(true) }
            do {
                try video.acquire()
                video.release()
                reply(true)
            } catch {
                reply(false)
            }
        case .simulateKeyDown(let slot, let keyCode):
            guard let session = sessions[slot] else { return }
            var event = SDLEventTranslation.keyDownEvent(keyCode: keyCode, windowID: session.window.windowID)
            SDL_PushEvent(&event)
        case .pictureInPicture(let slot, let active, let showingMainWindow, let reply):
            // Frames that arrived with this request go to the window that shows them from now on.
            if let frame = frames.removeValue(forKey: slot) { upload(frame, to: slot) }
            guard let session = sessions[slot] else {
                _ = reply.deliver(.stopped)
                return
            }
            var failure: VideoOutputError?
            do throws(VideoOutputError) {
                if active {
                    try session.startPictureInPicture()
                } else {
                    session.stopPictureInPicture(showingMainWindow: showingMainWindow)
                }
            } catch {
                failure = error
            }
            // Published before the answer, so the caller's next look at `status` sees the change.
            let (state, events) = session.refreshState()
            for event in events { session.onEvent(event) }
            publish(session, state: state)
            _ = reply.deliver(failure)
        case .simulatePointer(let slot, let toPictureInPicture, let input):
            guard let session = sessions[slot] else { return }
            let target = toPictureInPicture ? session.pictureInPicture?.window : session.window
            guard let windowID = target?.windowID,
                var event = SDLEventTranslation.pointerEvent(input, windowID: windowID)
            else { return }
            SDL_PushEvent(&event)
        }
    }

    private func open(
        slot: Int, configuration: SDLVideoOutput.Configuration, onEvent: @escaping @Sendable (VideoWindowEvent) -> Void,
        reply: SDLReply<VideoOutputError?>
    ) {
        do throws(VideoOutputError) {
            try video.acquire()
            let session: SDLWindowSession
            do throws(VideoOutputError) {
                session = try SDLWindowSession(slot: slot, configuration: configuration, onEvent: onEvent)
            } catch {
                video.release()
                throw error
            }
            guard reply.deliver(nil) else {
                // The output gave up waiting and threw: nobody owns this window.
                session.close()
                video.release()
                return
            }
            sessions[slot] = session
            publish(session, state: session.refreshState().state)
        } catch {
            _ = reply.deliver(error)
        }
    }

    private func upload(_ frame: any VideoFrame, to slot: Int) {
        guard let session = sessions[slot] else { return }
        do {
            try session.upload(frame)
        } catch {
            report(error, slot: slot, droppingFrame: true)
        }
    }

    private func pumpEvents() {
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 {
            guard let (windowID, input) = SDLEventTranslation.translate(event),
                let session = sessions.values.first(where: { $0.owns(windowID: windowID) })
            else { continue }
            let isFloating = session.window.windowID != windowID
            switch input {
            case .event(.quitRequested) where isFloating:
                // The window manager's close on the floating window is its close button.
                session.onEvent(.pictureInPictureCloseRequested)
            case .event(.wheel) where isFloating, .event(.pointerLeft) where isFloating:
                // The main window's controls are not in the floating window.
                break
            case .event(let windowEvent): session.onEvent(windowEvent)
            case .redraw: session.needsRedraw = true
            case .press, .pointerMoved, .release:
                if let windowEvent = session.handlePointer(input, windowID: windowID) { session.onEvent(windowEvent) }
            }
        }
    }

    private func refreshAndPresent() {
        for session in sessions.values {
            let (state, events) = session.refreshState()
            for event in events { session.onEvent(event) }
            do {
                try session.presentIfNeeded()
            } catch {
                report(error, slot: session.slot)
            }
            publish(session, state: state)
        }
    }

    /// Copies what the SDL thread knows into the mailbox, waking waiters only on a change
    /// (this runs every pump; most passes change nothing).
    private func publish(_ session: SDLWindowSession, state: SDLWindowState) {
        typealias Change = (observers: [@Sendable (Bool) -> Void], showing: Bool)
        let isShowingVideo = session.isShowingVideo
        let change = host.state.withLock { hostState -> Change? in
            guard let mailbox = hostState.mailboxes[session.slot] else { return nil }
            var status = mailbox.status
            status.width = state.width
            status.height = state.height
            status.isVisible = state.isVisible && !mailbox.isStopped
            status.isFullscreen = state.isFullscreen
            (status.viewportWidth, status.viewportHeight) = session.viewportSize
            status.framesShown = session.framesShown
            status.rendererName = session.window.rendererName
            status.isPictureInPictureActive = session.pictureInPicture != nil && !mailbox.isStopped
            status.isShowingVideo = isShowingVideo
            guard status != mailbox.status else { return nil }
            let showingChanged = status.isShowingVideo != mailbox.status.isShowingVideo
            hostState.mailboxes[session.slot]?.status = status
            return (showingChanged ? Array(mailbox.showingVideoObservers.values) : [], isShowingVideo)
        }
        guard let change else { return }
        host.state.update { _ in }
        for observer in change.observers { observer(change.showing) }
    }

    /// Keeps `error` for the output's next `present`; a frame that could not be uploaded
    /// counts as dropped, so every frame received is shown or dropped.
    private func report(_ error: VideoOutputError, slot: Int, droppingFrame: Bool = false) {
        _ = host.updateMailbox(slot) { mailbox in
            mailbox.failure = error.description
            if droppingFrame { mailbox.status.framesDropped += 1 }
        }
    }
}
