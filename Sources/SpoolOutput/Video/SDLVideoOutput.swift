import Foundation
public import SpoolCore

/// Shows video in a desktop window through SDL2, taking planar YUV straight to the GPU.
///
/// Threading: all SDL work happens on one thread per process, `spool.sdl`, shared by every
/// `SDLVideoOutput` (SDL video is process-global and thread-bound; see `SDLVideoHost`). That
/// thread creates the window and renderer, owns the texture, pumps events every few
/// milliseconds and draws. `present` only drops the frame into a one-frame mailbox and wakes
/// the thread, so it returns in microseconds without waiting for the GPU; a frame replaced
/// before it was shown is counted in `status.framesDropped`. Every other method may be
/// called from any thread.
///
/// The window opens hidden and is shown with the first frame, sized to that frame (scaled
/// down to fit 80% of the display), resizable, without vsync: the engine times frames.
public final class SDLVideoOutput: VideoOutput {
    /// "sdl".
    public let name = "sdl"
    let host: SDLVideoHost
    let slot: Int
    let configuration: Configuration
    /// Subscribers of `windowEvents()`.
    let eventSubscribers = WindowEventSubscribers()
    /// Set by the SDL thread once `stop()`'s close is done; `close()` waits on it.
    private let windowClosed = SDLWindowClosed()

    /// Opens a window (hidden until the first frame). Suspends, without blocking a thread,
    /// until the SDL thread has created it.
    ///
    /// - Parameter onEvent: called on the SDL thread with each key, click, close request,
    ///   resize and visibility change, in order. It must return promptly and must not block:
    ///   it may call this output's methods (`stop()` included), but not the blocking
    ///   `waitForStatus` or `isDisplayAvailable()`, which wait for the very thread it runs on.
    /// - Throws: `.unavailable` with SDL's reason when there is no display (`$DISPLAY` unset,
    ///   no X server) or no window or renderer can be created, within
    ///   `configuration.openTimeout`.
    public init(
        configuration: Configuration = Configuration(),
        onEvent: @escaping @Sendable (VideoWindowEvent) -> Void = { _ in }
    ) async throws(VideoOutputError) {
        host = .shared
        self.configuration = configuration
        slot = host.register(gravity: configuration.gravity, title: configuration.title)
        let reply = SDLReply<VideoOutputError?>()
        let subscribers = eventSubscribers
        let forward: @Sendable (VideoWindowEvent) -> Void = { event in
            onEvent(event)
            subscribers.send(event)
        }
        host.submit(.open(slot: slot, configuration: configuration, onEvent: forward, reply: reply))
        let outcome = await reply.value(timeout: configuration.openTimeout)
        let failure: VideoOutputError? =
            switch outcome {
            case .some(.none): nil
            case .some(.some(let error)): error
            case .none: .unavailable("the window system did not answer within \(configuration.openTimeout)")
            }
        if let failure {
            host.forget(slot: slot)
            throw failure
        }
    }

    deinit {
        stop()
        host.forget(slot: slot)
        eventSubscribers.finish()
    }

    /// The formats SDL shows without conversion: yuv420p, yuvj420p, nv12, rgba, bgra.
    public var acceptedPixelFormats: Set<PixelFormat>? { Self.pixelFormats }

    private static let pixelFormats: Set<PixelFormat> = [.yuv420p, .yuvj420p, .nv12, .rgba, .bgra]

    /// Hands `frame` to the SDL thread and returns at once; the newest frame wins the
    /// mailbox. The frame is kept (not copied) until it has been uploaded.
    ///
    /// - Throws: `.unsupportedPixelFormat` for a format outside `acceptedPixelFormats`;
    ///   `.presentFailed` when the frame's planes are too small for its size (checked here,
    ///   before any C code reads them), or (once) when the SDL thread could not show an
    ///   earlier frame; `.stopped` after `stop()`.
    public func present(_ frame: any VideoFrame) throws(VideoOutputError) {
        guard Self.pixelFormats.contains(frame.pixelFormat) else { throw .unsupportedPixelFormat(frame.pixelFormat) }
        try VideoFramePlanes.validate(frame)
        // The frame it replaces is released after the lock is let go: a frame's deinit is
        // its producer's code (returning a buffer to a decoder's pool) and must not run
        // under the lock the SDL thread waits on.
        let replaced = try host.state.update { (state: inout SDLHostState) throws(VideoOutputError) in
            guard var mailbox = state.mailboxes[slot], !mailbox.isStopped else { throw .stopped }
            if let failure = mailbox.failure {
                state.mailboxes[slot]?.failure = nil
                throw .presentFailed(failure)
            }
            let replaced = mailbox.pendingFrame
            if replaced != nil { mailbox.status.framesDropped += 1 }
            mailbox.pendingFrame = frame
            mailbox.status.framesReceived += 1
            state.mailboxes[slot] = mailbox
            return replaced
        }
        withExtendedLifetime(replaced) {}
    }

    /// Closes the window: later `present` calls throw `.stopped`, and the SDL thread
    /// destroys texture, renderer and window (and quits SDL video if this was the last
    /// window). Returns at once, never waiting for the SDL thread (it is called on the main
    /// thread and from `deinit`); `close()` waits. A process that exits right after it waits
    /// for the close at exit, at most 2 s. Idempotent; callable from any thread, including
    /// from `onEvent`.
    public func stop() {
        requestClose()
    }

    /// `stop()`, then suspends (without blocking a thread) until the SDL thread has closed
    /// the window, at most `timeout`. Returns whether it is closed; after an earlier `stop()`
    /// it waits for that one's close.
    @discardableResult
    public func close(timeout: Duration = .seconds(2)) async -> Bool {
        requestClose()
        return await windowClosed.wait(timeout: timeout)
    }

    /// Marks the mailbox stopped and, the first time, asks the SDL thread to close the window.
    private func requestClose() {
        let outcome = host.updateMailbox(slot) { mailbox -> (first: Bool, unshown: (any VideoFrame)?) in
            let outcome = (!mailbox.isStopped, mailbox.pendingFrame)
            mailbox.isStopped = true
            mailbox.pendingFrame = nil
            mailbox.status.isVisible = false
            return outcome
        }
        // The unshown frame, if any, is released here, outside the lock (see `present`).
        guard outcome?.first == true else { return }
        host.submitClose(slot: slot) { [windowClosed] in windowClosed.markClosed() }
    }
}
