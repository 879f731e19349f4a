import Foundation
import SpoolCore

/// A change to one window, applied on the SDL thread.
enum SDLWindowChange: Sendable {
    case gravity(VideoGravity)
    case title(String)
    case size(width: Int, height: Int)
    /// `nil` toggles.
    case fullscreen(Bool?)
    /// Hides (unmaps) or shows the main window.
    case hidden(Bool)
    /// Asks the window manager to minimise the main window.
    case minimize
    /// Draws `overlay` over the video from now on; `nil` draws the video alone.
    case overlay(VideoOverlay?)
    /// Shows or hides the mouse pointer while it is over the window.
    case pointerVisible(Bool)
    /// Maps the window before any frame (black, with the overlay): an error or an audio-only
    /// item has something to show but no video. A first frame later still sizes it.
    case showWithoutVideo
}

/// Work for the SDL thread, done in the order it was submitted.
enum SDLHostRequest: Sendable {
    case open(
        slot: Int, configuration: SDLVideoOutput.Configuration,
        onEvent: @Sendable (VideoWindowEvent) -> Void, reply: SDLReply<VideoOutputError?>)
    case change(slot: Int, SDLWindowChange)
    case snapshot(slot: Int, reply: SDLReply<Result<VideoSnapshot, VideoOutputError>>)
    case close(slot: Int, closed: @Sendable () -> Void)
    /// Initialises SDL video (if no window has) and reports whether that worked.
    case probe(reply: @Sendable (Bool) -> Void)
    /// Test hook: pushes a key press for the window into SDL's event queue.
    case simulateKeyDown(slot: Int, keyCode: Int32)
    /// Opens (`active`) or closes the Picture-in-Picture window; closing shows the main window
    /// again when `showingMainWindow`.
    case pictureInPicture(slot: Int, active: Bool, showingMainWindow: Bool, reply: SDLReply<VideoOutputError?>)
    /// Test hook: pushes a mouse event for the window (or its Picture-in-Picture window) into
    /// SDL's event queue.
    case simulatePointer(slot: Int, pictureInPicture: Bool, input: SDLWindowInput)
}

/// One output's side of the exchange with the SDL thread.
struct SDLMailbox: Sendable {
    /// The frame waiting to be shown: one slot, so the newest frame wins.
    var pendingFrame: (any VideoFrame)?
    /// What the window looks like; the SDL thread writes the window fields and `framesShown`,
    /// `present` writes `framesReceived` and `framesDropped`.
    var status = VideoWindowStatus()
    var gravity: VideoGravity
    var title: String
    var isStopped = false
    /// Why the SDL thread could not show the last frame; reported once by the next `present`.
    var failure: String?
    /// Called (on the SDL thread, outside the lock) when `status.isShowingVideo` changes.
    var showingVideoObservers: [Int: @Sendable (Bool) -> Void] = [:]
    var nextObserver = 0
}

struct SDLHostState: Sendable {
    var isThreadStarted = false
    /// Windows asked to close that the SDL thread has not closed yet.
    var closesInFlight = 0
    var nextSlot = 1
    var requests: [SDLHostRequest] = []
    var mailboxes: [Int: SDLMailbox] = [:]
}

/// The one thread in the process that talks to SDL's video subsystem, and the lock-guarded
/// state other threads use to reach it.
///
/// SDL video is process-global: one driver, one X connection, one event queue. Windows and
/// renderers must be used from the thread that created them, and `SDL_PollEvent` on any
/// thread drains events for every window. So every `SDLVideoOutput` in a process shares this
/// host: its thread (`spool.sdl`, started on first use) creates all windows, uploads all
/// textures and pumps all events, routing each to its window. When the last window closes it
/// quits SDL's video subsystem and parks, blocked without a timeout, until it is needed again.
final class SDLVideoHost: Sendable {
    /// The process's host.
    static let shared = SDLVideoHost()

    /// Everything shared with the SDL thread. `update` wakes it; it waits here between
    /// event pumps.
    let state = ConditionLock(SDLHostState())

    private init() {}

    /// A new mailbox for an output about to open a window.
    func register(gravity: VideoGravity, title: String) -> Int {
        state.withLock { state in
            let slot = state.nextSlot
            state.nextSlot += 1
            state.mailboxes[slot] = SDLMailbox(gravity: gravity, title: title)
            return slot
        }
    }

    /// Removes an output's mailbox (after its window was asked to close).
    func forget(slot: Int) {
        state.withLock { _ = $0.mailboxes.removeValue(forKey: slot) }
    }

    /// The SDL thread's name (and how code running on it recognises it).
    static let threadName = "spool.sdl"

    /// Queues `request` and wakes the SDL thread, starting it if this is the first request.
    func submit(_ request: SDLHostRequest) {
        state.update { state in
            state.requests.append(request)
            guard !state.isThreadStarted else { return }
            state.isThreadStarted = true
            // A process exiting right after a window's `stop()` must not run the X libraries'
            // exit handlers while this thread is still in XCloseDisplay (it crashed in
            // libXext). Handlers run in reverse order of registration, so this one, registered
            // after the libraries loaded, runs before theirs.
            atexit { SDLVideoHost.shared.waitForCloses(timeout: .seconds(2)) }
            // Frames must reach the screen on time even when decode threads are busy.
            SpoolThread.start(Self.threadName, qualityOfService: .userInteractive) {
                SDLRenderLoop(host: self).run()
            }
        }
    }

    /// Asks the SDL thread to close `slot`'s window, without waiting; `closed` runs on that
    /// thread once it has.
    func submitClose(slot: Int, closed: @escaping @Sendable () -> Void = {}) {
        state.update { $0.closesInFlight += 1 }
        submit(
            .close(slot: slot) { [self] in
                state.update { $0.closesInFlight -= 1 }
                closed()
            })
    }

    /// Blocks until every window asked to close is closed, for at most `timeout`; returns at
    /// once on the SDL thread itself (it would wait for itself).
    func waitForCloses(timeout: Duration) {
        guard Thread.current.name != Self.threadName else { return }
        _ = state.wait(timeout: timeout) { $0.closesInFlight == 0 ? true : nil }
    }

    /// Runs `body` on `slot`'s mailbox, if it still exists, and wakes waiters.
    func updateMailbox<Result>(_ slot: Int, _ body: (inout SDLMailbox) -> Result) -> Result? {
        state.update { state in
            guard var mailbox = state.mailboxes[slot] else { return nil }
            let result = body(&mailbox)
            state.mailboxes[slot] = mailbox
            return result
        }
    }

    /// Whether SDL can open a window here: the SDL thread initialises the video subsystem
    /// (unless a window already has) and says. Blocks the caller for at most `timeout`.
    func probe(timeout: Duration) -> Bool {
        let answer = ConditionLock<Bool?>(nil)
        submit(.probe { available in answer.update { $0 = available } })
        return answer.wait(timeout: timeout) { $0 } ?? false
    }
}
