import Spool
import SpoolUI

/// `spool play` on the desktop: MPRIS on the session bus (`--no-mpris` turns it off) and the
/// on-screen controls on the accessibility bus (AT-SPI). Either missing bus leaves playback
/// as it is.
@MainActor
final class PlayDesktop {
    private let options: PlayOptions
    /// The controls on the accessibility bus, with the view's controls; nil without them.
    private let accessibility: AccessibilityBridge?
    private var mpris: DesktopPublishing?

    /// Bridges `playerView`'s controls (when it shows them) to the accessibility bus.
    init(playerView: PlayerView?, options: PlayOptions, clock: ContinuousClock) {
        self.options = options
        accessibility = playerView.flatMap {
            guard $0.showsPlaybackControls else { return nil }
            return AccessibilityBridge(controls: $0.controls, applicationName: options.mprisName, clock: clock)
        }
    }

    /// Publishes the controls and, with `--mpris`, `player` as an MPRIS player whose Quit (and
    /// Stop) run `onQuit` and whose full-screen switch runs `onFullscreen`.
    func start(
        player: QueuePlayer, stateStore: PlaybackStateStore, onQuit: @escaping @MainActor () -> Void,
        onFullscreen: @escaping @MainActor () -> Void
    ) async {
        if let accessibility {
            // Without an accessibility bus (no at-spi2-core) the controls stay unpublished.
            Task { try? await accessibility.start() }
        }
        guard options.publishesMPRIS else { return }
        mpris = await DesktopPublishing.start(
            player: player, stateStore: stateStore, name: options.mprisName,
            artworkDirectory: options.writesNowPlayingArtwork ? DesktopPublishing.artworkDirectory() : nil,
            onQuit: onQuit, onFullscreen: onFullscreen)
    }

    /// Releases the MPRIS bus name.
    func stop() async { await mpris?.stop() }
}
