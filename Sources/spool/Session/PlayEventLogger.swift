import Foundation
import Spool

/// `--events`: the line for each of the queue's item events (item, ready, state, stall, waiting,
/// seek, ended), and the one stderr line for a wait for a network that is down. Failures and
/// warnings are `PlayFailureSkipper`'s, the store's states `PlaybackStateFollower`'s.
@MainActor
final class PlayEventLogger: PlaySessionObserver {
    private let events: EventLog
    private let names: PlayItemNames
    private let player: QueuePlayer

    /// Writes `player`'s events to `events`, naming items by `names`.
    init(events: EventLog, names: PlayItemNames, player: QueuePlayer) {
        self.events = events
        self.names = names
        self.player = player
    }

    /// Writes the event's line (and for a network wait, tells the user).
    func handle(_ event: PlayerItemEvent) {
        switch event {
        case .currentItemChanged(let id?):
            events.write("item", item: names.name(of: id))
        case .readyToPlay(let id):
            var fields: [String: any Sendable] = [
                "duration": player.currentDurationSeconds.map { $0 as any Sendable } ?? NSNull()
            ]
            if let selection = player.currentItem?.currentMediaSelection {
                fields["audioLanguage"] = selection.audible?.extendedLanguageTag ?? NSNull()
                fields["subtitleLanguage"] = selection.legible?.extendedLanguageTag ?? NSNull()
            }
            events.write("ready", item: names.name(of: id), fields)
        case .timeControlStatus(let status):
            events.write("state", item: currentName, ["state": "\(status)"])
        case .stalled(let id):
            events.write("stall", item: names.input(of: id))
        case .stallEnded(let id):
            events.write("stallEnded", item: names.input(of: id))
        case .reasonForWaitingToPlay(let reason):
            events.write("waiting", item: currentName, ["reason": reason?.rawValue ?? NSNull()])
            if reason == .waitingForNetwork {
                StandardError.report("\(currentName ?? "spool"): the network is down; waiting for it to return")
            }
        case .seek(let id, let target, let landed, let finished):
            events.write(
                "seek", item: names.input(of: id),
                [
                    "target": target.seconds, "landed": landed.map { $0.seconds as any Sendable } ?? NSNull(),
                    "finished": finished,
                ])
        case .didPlayToEnd(let id):
            events.write("ended", item: names.name(of: id))
        case .currentItemChanged(.none), .endedEarly, .failed, .failedToPlayToEnd:
            break
        }
    }

    private var currentName: String? { names.currentName(in: player) }
}

extension QueuePlayer {
    /// The current item's duration in seconds; nil without an item or for a live stream.
    var currentDurationSeconds: Double? {
        guard let duration = currentItem?.duration, duration.isNumeric else { return nil }
        return duration.seconds
    }
}
