import Foundation
import Spool
import SpoolUI

// The README's PlayerView snippet, compiled with the tests so the README cannot drift from the
// API (it is not run: it opens a window and plays sound).
@MainActor
final class ReadmeSnippetApp: PlayerViewDelegate {
    let player: QueuePlayer
    let view: PlayerView

    init(urls: [URL]) async throws {
        let clock = ContinuousClock()
        let window = try await SDLVideoOutput(configuration: .init(title: "My player"))
        player = QueuePlayer(
            items: urls.map { PlayerItem(url: $0) },
            configuration: PlayerConfiguration(
                makeAudioOutput: { AudioOutputs.make(.pulse(sink: nil), clock: clock) },
                videoOutput: window, clock: clock))
        view = try PlayerView(player: player, output: window, clock: clock)
        view.captionStyle.fontScale = 1.2  // subtitles a little larger
        view.delegate = self
        player.play()
    }

    func playerViewDidRequestQuit(_ playerView: PlayerView) { exit(0) }
}
