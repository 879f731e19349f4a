import Foundation
import SpoolCore
import SpoolOutput

/// Shows a player's video in a small floating window (AVPictureInPictureController's
/// counterpart).
///
/// The player's video output — an `SDLVideoOutput` — moves its frames to a borderless,
/// always-on-top window in the bottom-right corner (a quarter of the display's width, the
/// video's aspect ratio, draggable) and hides the main window. Playback is not touched: the
/// same pipeline, clock and audio go on, so the position never jumps. The floating window's
/// restore button (top left) brings the main window back through the delegate's restore
/// handler; its close button (top right) pauses and shows the main window again.
///
/// Guarantees: one transition at a time (start and stop while one runs are ignored); every
/// delegate call and event on the main actor, in order; a restore handler that never calls
/// its completion handler cannot hang it (`restoreTimeout`, on the player's clock).
@MainActor
public final class PictureInPictureController {
    /// The player whose video is shown.
    public let player: Player
    /// Told about starts, stops and restores.
    public weak var delegate: (any PictureInPictureControllerDelegate)?
    /// Start Picture-in-Picture by itself when the main window is minimised or hidden while
    /// playing (AVKit's "from inline"). Off by default.
    public var canStartPictureInPictureAutomaticallyFromInline = false
    /// How long the restore handler may take to call its completion handler.
    public var restoreTimeout: Duration = .seconds(5)
    /// Where the controller reports what went wrong outside the app's control (a restore
    /// handler that timed out). Standard error by default.
    public var log: @Sendable (String) -> Void = { message in
        FileHandle.standardError.write(Data("spool: \(message)\n".utf8))
    }
    /// Whether the floating window shows the video (set before `didStart`, cleared before
    /// `didStop`).
    public internal(set) var isPictureInPictureActive = false

    let output: any PictureInPictureVideoOutput
    enum Phase { case inactive, starting, active, stopping }
    var phase = Phase.inactive
    private var subscribers: [UUID: AsyncStream<PictureInPictureEvent>.Continuation] = [:]
    private var windowEventsTask: Task<Void, Never>?

    /// Whether this system can show Picture-in-Picture at all: a window system is configured
    /// (`DISPLAY` or `WAYLAND_DISPLAY`). Cheap; it does not connect to it.
    public static func isPictureInPictureSupported() -> Bool {
        let environment = ProcessInfo.processInfo.environment
        return environment["DISPLAY"] != nil || environment["WAYLAND_DISPLAY"] != nil
    }

    /// A controller for `player`'s video, or `nil` when the player's video output cannot show
    /// Picture-in-Picture (no video output, or one without windows).
    public convenience init?(player: Player) {
        guard let output = player.configuration.videoOutput as? any PictureInPictureVideoOutput else { return nil }
        self.init(player: player, output: output)
    }

    /// A controller driving `output` (tests pass a fake).
    init(player: Player, output: any PictureInPictureVideoOutput) {
        self.player = player
        self.output = output
        let events = output.windowEvents()
        windowEventsTask = Task { [weak self] in
            for await event in events {
                guard let self else { return }
                self.handle(event)
            }
        }
    }

    isolated deinit {
        windowEventsTask?.cancel()
        for subscriber in subscribers.values { subscriber.finish() }
    }

    /// Whether `startPictureInPicture()` can succeed now: the current item has video, its
    /// first frame has been shown, and Picture-in-Picture is not already on. Audio-only
    /// items never allow it.
    public var isPictureInPicturePossible: Bool { whyNotPossible == nil }

    var whyNotPossible: String? {
        guard phase == .inactive else { return "Picture in Picture is already on" }
        guard let item = player.currentItem else { return "the player has no item" }
        guard item.presentationSize.width > 0, item.presentationSize.height > 0 else {
            return item.status == .readyToPlay ? "the item has no video" : "the item is not ready"
        }
        guard item.isReadyForDisplay else { return "no video frame has been shown yet" }
        return nil
    }

    /// Opens the floating window. Reports `willStart` then `didStart`, or `failedToStart`
    /// when it is not possible (see `isPictureInPicturePossible`) or the window cannot be made.
    /// Ignored while a start or stop is under way.
    public func startPictureInPicture() {
        guard phase == .inactive else { return }
        if let reason = whyNotPossible {
            report(.failedToStart(.notPossible(reason)))
            return
        }
        phase = .starting
        report(.willStart)
        Task {
            do throws(VideoOutputError) {
                try await output.startPictureInPicture()
                phase = .active
                isPictureInPictureActive = true
                report(.didStart)
            } catch {
                phase = .inactive
                report(.failedToStart(.outputFailed(error)))
            }
        }
    }

    /// Returns to the main window, at the current position: reports `willStop`, asks the
    /// delegate to restore the interface (bounded by `restoreTimeout`), shows the main window
    /// and reports `didStop`. Ignored unless active.
    public func stopPictureInPicture() {
        guard phase == .active else { return }
        Task { await stop(restoring: true) }
    }

    /// The controller's events from now on, for as long as the consumer iterates.
    public func events() -> AsyncStream<PictureInPictureEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: PictureInPictureEvent.self)
        let id = UUID()
        subscribers[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { @MainActor in self?.subscribers[id] = nil }
        }
        return stream
    }

    func report(_ event: PictureInPictureEvent) {
        for subscriber in subscribers.values { subscriber.yield(event) }
        guard let delegate else { return }
        switch event {
        case .willStart: delegate.pictureInPictureControllerWillStartPictureInPicture(self)
        case .didStart: delegate.pictureInPictureControllerDidStartPictureInPicture(self)
        case .failedToStart(let error):
            delegate.pictureInPictureController(self, failedToStartPictureInPictureWithError: error)
        case .willStop: delegate.pictureInPictureControllerWillStopPictureInPicture(self)
        case .didStop: delegate.pictureInPictureControllerDidStopPictureInPicture(self)
        case .restoreTimedOut: break
        }
    }

    func handle(_ event: VideoWindowEvent) {
        switch event {
        case .pictureInPictureRestoreRequested:
            stopPictureInPicture()
        case .pictureInPictureCloseRequested:
            guard phase == .active else { return }
            // AVKit's close: playback pauses; the main window comes back, as it is the app's only one.
            player.pause()
            Task { await stop(restoring: false) }
        case .visibilityChanged(false):
            guard canStartPictureInPictureAutomaticallyFromInline, phase == .inactive, player.rate != 0,
                isPictureInPicturePossible
            else { return }
            startPictureInPicture()
        default:
            break
        }
    }
}
