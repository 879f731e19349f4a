public import SpoolCore

/// What a `PictureInPictureController` tells its app (AVPictureInPictureControllerDelegate).
/// Called on the main actor; every method is optional.
@MainActor
public protocol PictureInPictureControllerDelegate: AnyObject {
    /// Picture-in-Picture is about to start.
    func pictureInPictureControllerWillStartPictureInPicture(_ controller: PictureInPictureController)
    /// The floating window is on screen.
    func pictureInPictureControllerDidStartPictureInPicture(_ controller: PictureInPictureController)
    /// Starting failed (not possible now, or the window could not be made).
    func pictureInPictureController(
        _ controller: PictureInPictureController, failedToStartPictureInPictureWithError error: PictureInPictureError)
    /// Picture-in-Picture is about to stop.
    func pictureInPictureControllerWillStopPictureInPicture(_ controller: PictureInPictureController)
    /// The floating window is gone.
    func pictureInPictureControllerDidStopPictureInPicture(_ controller: PictureInPictureController)
    /// The user asked to return to the main window (or the app stopped Picture-in-Picture):
    /// restore the player's interface, then call `completionHandler(true)` — or `false` when
    /// it could not be restored (the main window then stays hidden). A handler that never
    /// calls it does not hang Spool: after the controller's `restoreTimeout` the main window
    /// is restored anyway and the lapse is logged.
    func pictureInPictureController(
        _ controller: PictureInPictureController,
        restoreUserInterfaceForPictureInPictureStopWithCompletionHandler completionHandler:
            @escaping @Sendable (Bool) -> Void)
}

extension PictureInPictureControllerDelegate {
    /// Does nothing.
    public func pictureInPictureControllerWillStartPictureInPicture(_ controller: PictureInPictureController) {}
    /// Does nothing.
    public func pictureInPictureControllerDidStartPictureInPicture(_ controller: PictureInPictureController) {}
    /// Does nothing.
    public func pictureInPictureController(
        _ controller: PictureInPictureController, failedToStartPictureInPictureWithError error: PictureInPictureError
    ) {}
    /// Does nothing.
    public func pictureInPictureControllerWillStopPictureInPicture(_ controller: PictureInPictureController) {}
    /// Does nothing.
    public func pictureInPictureControllerDidStopPictureInPicture(_ controller: PictureInPictureController) {}
    /// Restores at once (calls `completionHandler(true)`).
    public func pictureInPictureController(
        _ controller: PictureInPictureController,
        restoreUserInterfaceForPictureInPictureStopWithCompletionHandler completionHandler:
            @escaping @Sendable (Bool) -> Void
    ) {
        completionHandler(true)
    }
}

/// What happened to a controller's Picture-in-Picture, in order: the delegate's calls as
/// values, for apps that prefer a stream (`PictureInPictureController.events()`).
public enum PictureInPictureEvent: Sendable, Equatable {
    case willStart
    case didStart
    case failedToStart(PictureInPictureError)
    case willStop
    case didStop
    /// The restore handler did not call its completion handler within `restoreTimeout`; the
    /// main window was restored anyway.
    case restoreTimedOut
}

/// Why Picture-in-Picture did not start.
public enum PictureInPictureError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `isPictureInPicturePossible` is false: no item, an audio-only item, no frame shown yet,
    /// or Picture-in-Picture is already on.
    case notPossible(String)
    /// The video output could not open the floating window.
    case outputFailed(VideoOutputError)

    /// A one-line message.
    public var description: String {
        switch self {
        case .notPossible(let reason): "Picture in Picture is not possible: \(reason)"
        case .outputFailed(let error): "Picture in Picture failed: \(error)"
        }
    }
}
