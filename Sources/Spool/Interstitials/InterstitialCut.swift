import SpoolCore
import SpoolHLS

/// Where a primary HLS item's playback stops for the next interstitial: the first one after
/// the point the item (re)started from that has not played yet. The engine cuts there and the
/// scheduler, computing the same, knows which break was reached.
struct InterstitialCut: Sendable, Equatable {
    /// The playlist time playback started from; `nil` for the start (where a break at zero,
    /// CUE=PRE, plays before anything).
    var after: MediaTime?
    /// The IDs of interstitials already played for this item.
    var played: Set<String>

    /// The playlist time of the next break among `interstitials` (sorted, as
    /// `InterstitialSchedule` gives them); `nil` when none is left before the end. POST
    /// interstitials play at the end, not at a cut.
    func nextBreak(in interstitials: [ScheduledInterstitial]) -> MediaTime? {
        interstitials.first { event in
            !event.playsAfterPrimary && !played.contains(event.id) && (after.map { event.time > $0 } ?? true)
        }?.time
    }
}
