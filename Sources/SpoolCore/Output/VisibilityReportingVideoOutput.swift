/// A video output that knows when nothing it presents can be seen — its window hidden or
/// minimised — so the engine can stop decoding video meanwhile while audio plays on
/// (background playback).
public protocol VisibilityReportingVideoOutput: VideoOutput {
    /// Whether frames presented now can be seen (or are about to be: a window that is not
    /// shown yet because no frame arrived counts as showing).
    var isShowingVideo: Bool { get }

    /// Calls `observer` with the new value whenever `isShowingVideo` changes, from any thread,
    /// until `removeShowingVideoObserver(_:)` is called with the returned token. The observer
    /// must return promptly and must not block.
    func addShowingVideoObserver(_ observer: @escaping @Sendable (Bool) -> Void) -> Int

    /// Stops calling the observer registered under `token`. Unknown tokens are ignored.
    func removeShowingVideoObserver(_ token: Int)
}
