public import Foundation
public import SpoolCore

/// Observes the interstitials of a player's current item (AVPlayerInterstitialEventMonitor's
/// counterpart): the events, the one playing, and changes to both.
///
/// Attaching the first monitor (or controller) to a player turns on interstitial playback for
/// it: from then on the player plays the HLS interstitials (EXT-X-DATERANGE,
/// CLASS="com.apple.hls.interstitial") of its items in the same outputs, pausing the primary
/// content for them. AVPlayer does this by itself; a Spool player without a monitor plays the
/// primary content only.
@MainActor
public class PlayerInterstitialEventMonitor {
    /// A change, as `updates()` reports it.
    public enum Update: Sendable, Equatable {
        /// The current primary item's events changed (loaded, or another item became primary).
        case eventsChanged([PlayerInterstitialEvent])
        /// An event started playing, or the break ended (`nil`).
        case currentEventChanged(PlayerInterstitialEvent?)
    }

    /// Posted (object: the monitor) when `events` changed.
    public nonisolated static let eventsDidChangeNotification = Notification.Name(
        "SpoolPlayerInterstitialEventMonitorEventsDidChange")
    /// Posted (object: the monitor) when `currentEvent` changed.
    public nonisolated static let currentEventDidChangeNotification = Notification.Name(
        "SpoolPlayerInterstitialEventMonitorCurrentEventDidChange")

    /// The player whose primary content the events interrupt.
    public let primaryPlayer: Player
    let scheduler: InterstitialScheduler
    private var notifier: Task<Void, Never>?

    /// A monitor of `primaryPlayer`'s interstitials; interstitial playback is on from now.
    public init(primaryPlayer: Player) {
        self.primaryPlayer = primaryPlayer
        scheduler = InterstitialScheduler.attached(to: primaryPlayer)
        let updates = scheduler.updates()
        notifier = Task { [weak self] in
            for await update in updates {
                guard let self else { return }
                let name =
                    switch update {
                    case .eventsChanged: Self.eventsDidChangeNotification
                    case .currentEventChanged: Self.currentEventDidChangeNotification
                    }
                NotificationCenter.default.post(name: name, object: self)
            }
        }
    }

    isolated deinit {
        notifier?.cancel()
    }

    /// The events of the current primary item, in the order they play (empty until its
    /// playlist is loaded, and for items without interstitials).
    public var events: [PlayerInterstitialEvent] { scheduler.events }

    /// The event playing now; `nil` while the primary content plays.
    public var currentEvent: PlayerInterstitialEvent? { scheduler.currentEvent }

    /// The changes from now on, for as long as the consumer iterates.
    public func updates() -> AsyncStream<Update> { scheduler.updates() }
}

/// Controls interstitial playback (AVPlayerInterstitialEventController's counterpart): a
/// monitor that can also end the event playing.
@MainActor
public final class PlayerInterstitialEventController: PlayerInterstitialEventMonitor {
    /// Ends the current event (and the rest of its break) at once, whatever its
    /// restrictions; the primary resumes `resumptionOffset` after the event's time
    /// (`indefinite`: after the duration played so far). Does nothing outside a break.
    public func cancelCurrentEvent(withResumptionOffset resumptionOffset: MediaTime) {
        scheduler.cancelCurrentEvent(withResumptionOffset: resumptionOffset)
    }
}
