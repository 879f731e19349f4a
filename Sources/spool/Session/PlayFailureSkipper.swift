import Foundation
import Spool

/// What goes wrong while `spool play` plays: a failed item costs one stderr line and an `error`
/// line, and the queue goes on with the next input (with `--keep-open` the last one stays, its
/// error on screen, until the user acts); a file that ends early costs one warning and still
/// ends normally (exit 0), as with mpv and ffmpeg.
@MainActor
final class PlayFailureSkipper: PlaySessionObserver {
    private let player: QueuePlayer
    private let events: EventLog
    private let names: PlayItemNames
    private let handOff: ControllerHandOff
    private let statistics: PlayStatisticsCollector
    private let keepsOpen: Bool
    /// The inputs that failed while the user saw them: the run's exit status is 1 if any did.
    private(set) var failures = 0

    /// Skips `player`'s failed items; only the item `handOff` loaded last counts (a skipped
    /// item's late failure is stale), and its statistics go to `statistics` before the skip.
    init(
        player: QueuePlayer, events: EventLog, names: PlayItemNames, handOff: ControllerHandOff,
        statistics: PlayStatisticsCollector, keepsOpen: Bool
    ) {
        self.player = player
        self.events = events
        self.names = names
        self.handOff = handOff
        self.statistics = statistics
        self.keepsOpen = keepsOpen
    }

    /// Reports a warning or a failure, and skips a failed current item.
    func handle(_ event: PlayerItemEvent) {
        switch event {
        case .endedEarly(let id, let warning):
            let name = names.name(of: id) ?? "?"
            StandardError.report(
                "warning: " + (warning.message.contains(name) ? warning.message : "\(name): \(warning.message)"))
            events.write("warning", item: name, ["message": warning.message, "code": warning.code.rawValue])
        case .failed(let id, let error), .failedToPlayToEnd(let id, let error):
            fail(id, error)
        default:
            break
        }
    }

    private func fail(_ id: ItemID, _ error: PlaybackError) {
        guard let name = names.input(of: id) else {
            // An interstitial's asset: reported, and skipped by the scheduler.
            StandardError.report("\(names.name(of: id) ?? "interstitial"): \(error.message)")
            events.write("error", item: names.name(of: id), ["message": error.message, "code": error.code.rawValue])
            return
        }
        guard id == handOff.activeItem else { return }  // a skipped item's late failure: stale
        failures += 1
        StandardError.report(error.message.contains(name) ? error.message : "\(name): \(error.message)")
        events.write("error", item: name, ["message": error.message, "code": error.code.rawValue])
        statistics.collect(id)
        if player.currentItem?.id == id, !(keepsOpen && player.items().count <= 1) {
            // A failure pauses the player; the queue goes on with the next input.
            player.advanceToNextItem()
            player.play()
        }
    }
}
