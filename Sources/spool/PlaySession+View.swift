import Spool
import SpoolUI

/// The on-screen controls in `spool play`'s window (`--no-osc` turns them off): the window's
/// pointer and keys go to the `PlayerView`, which drives the player; what only the session can
/// do (quit, next with resume, full screen, Picture-in-Picture) comes back through its delegate.
extension PlaySession: PlayerViewDelegate {
    /// The view over `window` for the session's player; `nil` (with a notice) when it cannot
    /// draw here, and the bare video plays. With `--no-osc` the view draws only the subtitles
    /// (as mpv's `--no-osc` keeps them) and the session takes the window's input itself.
    static func makeView(
        player: QueuePlayer, window: SDLVideoOutput?, options: PlayOptions, clock: ContinuousClock
    ) -> PlayerView? {
        guard let window else { return nil }
        do {
            // --osc-always: a hide delay no session reaches (a year).
            let configuration = PlayerControlsConfiguration(
                autoHideDelay: options.controlsAlwaysShown ? .seconds(365 * 86_400) : .seconds(3),
                exactSeekLimit: options.exactSeekLimit)
            let view = try PlayerView(player: player, output: window, configuration: configuration, clock: clock)
            view.showsPlaybackControls = options.showsControls
            return view
        } catch {
            StandardError.report("on-screen controls unavailable (\(error)); showing the bare video")
            return nil
        }
    }

    func playerViewDidRequestQuit(_ playerView: PlayerView) { quit() }

    func playerViewSkipToNextItem(_ playerView: PlayerView) { skipToNextItem() }

    func playerViewDidRequestPictureInPictureToggle(_ playerView: PlayerView) { togglePictureInPicture() }

    func playerView(_ playerView: PlayerView, didPressUnhandledKey key: VideoWindowKey) {
        switch key {
        case .other(code: 0x73): Screenshot.take(player)  // `s`
        case .other(code: 0x2E): runCommand("frame-step")  // `.`
        case .other(code: 0x2C): runCommand("frame-back-step")  // `,`
        case .other(code: 0x6C): runCommand("ab-loop")  // `l`
        case .other(code: 0x7A): runCommand("add sub-delay -0.1")  // `z`
        case .other(code: 0x78): runCommand("add sub-delay 0.1")  // `x`
        default: break
        }
    }
}
