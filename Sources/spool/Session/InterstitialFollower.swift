import Spool
import SpoolUI

/// `--interstitials`: turns interstitial playback on, shows it in the on-screen controls, names
/// the assets for the other observers, and logs each event's start and end (`--events`).
@MainActor
final class InterstitialFollower: PlaySessionObserver {
    private var task: Task<Void, Never>?

    /// Follows `player`'s interstitials until `stop()`.
    init(player: QueuePlayer, events: EventLog, names: PlayItemNames, controls: PlayerControlsController?) {
        let monitor = PlayerInterstitialEventMonitor(primaryPlayer: player)
        names.interstitials = monitor
        controls?.interstitialMonitor = monitor
        let updates = monitor.updates()
        task = Task {
            var playing: PlayerInterstitialEvent?
            for await update in updates {
                guard case .currentEventChanged(let event) = update else { continue }
                if let playing {
                    events.write("interstitialEnd", item: names.primaryName(in: player), Self.fields(of: playing))
                }
                if let event {
                    events.write("interstitialStart", item: names.primaryName(in: player), Self.fields(of: event))
                }
                playing = event
            }
        }
    }

    /// Stops logging.
    func stop() { task?.cancel() }

    private static func fields(of event: PlayerInterstitialEvent) -> [String: any Sendable] {
        [
            "id": event.identifier, "time": event.time.seconds,
            "asset": event.assetURLs.first?.absoluteString ?? event.assetListURL?.absoluteString ?? "",
        ]
    }
}
