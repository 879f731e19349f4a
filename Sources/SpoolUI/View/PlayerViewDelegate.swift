public import Spool

/// What a `PlayerView` tells its app (AVPlayerViewControllerDelegate's counterpart). Every
/// method has a default, so an app implements only what it cares about.
@MainActor
public protocol PlayerViewDelegate: AnyObject {
    /// The user asked to close the player (`q`, the window's close button).
    func playerViewDidRequestQuit(_ playerView: PlayerView)
    /// The user pressed Next. Without a delegate the view's `QueuePlayer` advances itself.
    func playerViewSkipToNextItem(_ playerView: PlayerView)
    /// The view is about to enter (`true`) or leave full screen.
    func playerView(_ playerView: PlayerView, willTransitionToFullScreen fullScreen: Bool)
    /// The user asked for Picture-in-Picture to start or stop (the PiP button, `p`).
    func playerViewDidRequestPictureInPictureToggle(_ playerView: PlayerView)
    /// The window showed its first frame: the view is ready for display.
    func playerViewDidBecomeReadyForDisplay(_ playerView: PlayerView)
    /// A key the controls have no use for was pressed in the window (an app's own bindings:
    /// `spool play`'s `s` screenshot).
    func playerView(_ playerView: PlayerView, didPressUnhandledKey key: VideoWindowKey)
    /// Whether the controls take `key` (true) or the app has its own use for it (an input.conf
    /// binding) and has handled it (false). Asked before every key.
    func playerView(_ playerView: PlayerView, shouldHandleKey key: VideoWindowKey) -> Bool
}

extension PlayerViewDelegate {
    /// Does nothing.
    public func playerViewDidRequestQuit(_ playerView: PlayerView) {}
    /// Advances a `QueuePlayer`.
    public func playerViewSkipToNextItem(_ playerView: PlayerView) { playerView.advanceQueue() }
    /// Does nothing.
    public func playerView(_ playerView: PlayerView, willTransitionToFullScreen fullScreen: Bool) {}
    /// Does nothing.
    public func playerViewDidRequestPictureInPictureToggle(_ playerView: PlayerView) {}
    /// Does nothing.
    public func playerViewDidBecomeReadyForDisplay(_ playerView: PlayerView) {}
    /// Does nothing.
    public func playerView(_ playerView: PlayerView, didPressUnhandledKey key: VideoWindowKey) {}
    /// The controls take every key.
    public func playerView(_ playerView: PlayerView, shouldHandleKey key: VideoWindowKey) -> Bool { true }
}
