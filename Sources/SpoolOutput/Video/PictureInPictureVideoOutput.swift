public import SpoolCore

/// A video output that can move its video into a small floating window and back
/// (Picture-in-Picture); what `PictureInPictureController` drives.
public protocol PictureInPictureVideoOutput: VideoOutput {
    /// Whether the floating window is showing the video now.
    var isPictureInPictureActive: Bool { get }

    /// Opens the floating window with the current picture and hides the main window; frames
    /// go to the floating window from then on. Returns once the window is on screen.
    ///
    /// - Throws: `.presentFailed` before the first frame or when no window can be made,
    ///   `.stopped` after `stop()`.
    func startPictureInPicture() async throws(VideoOutputError)

    /// Closes the floating window; with `showingMainWindow` the main window comes back with
    /// the current picture, otherwise it stays hidden. Returns once that is done.
    func stopPictureInPicture(showingMainWindow: Bool) async throws(VideoOutputError)

    /// The window events from now on (keys, clicks, the floating window's restore and close
    /// buttons, visibility changes), for as long as the consumer iterates.
    func windowEvents() -> AsyncStream<VideoWindowEvent>
}
