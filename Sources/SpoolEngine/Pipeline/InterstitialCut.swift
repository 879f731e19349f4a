import SpoolCore
package import SpoolHLS

/// Where a primary HLS item's playback stops for the next interstitial: the first one after
/// the point the item (re)started from that has not played yet. The engine cuts there and the
/// scheduler, computing the same, knows which break was reached.
package struct InterstitialCut: Sendable, Equatable {
    /// The playlist time playback started from; `nil` for the start (where a break at zero,
    /// CUE=PRE, plays before anything).
    package var after: MediaTime?
    /// The IDs of interstitials already played for this item.
    package var played: Set<String>

    /// A cut after `after` with `played` already played.
    package init(after: MediaTime?, played: Set<String>) {
        self.after = after
        self.played = played
    }

    /// The playlist time of the next break among `interstitials` (sorted, as
    /// `InterstitialSchedule` gives them); `nil` when none is left before the end. POST
    /// interstitials play at the end, not at a cut.
    package func nextBreak(in interstitials: [ScheduledInterstitial]) -> MediaTime? {
        interstitials.first { event in
            !event.playsAfterPrimary && !played.contains(event.id) && (after.map { event.time > $0 } ?? true)
        }?.time
    }
}
