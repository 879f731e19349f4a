public import Foundation
public import SpoolCore

/// An interstitial placed on its primary media playlist's timeline: when it plays and what.
public struct ScheduledInterstitial: Sendable, Equatable {
    /// The DATERANGE's ID.
    public let id: String
    /// Where it plays on the primary playlist's timeline (the segments' `startTime`): START-DATE
    /// mapped through EXT-X-PROGRAM-DATE-TIME; zero for CUE=PRE, the playlist's duration for
    /// CUE=POST; snapped to the nearest segment boundary with X-SNAP=OUT.
    public let time: MediaTime
    /// START-DATE, when given.
    public let startDate: Date?
    /// CUE.
    public let cue: DateRange.Cue
    /// The interstitial's attributes (asset, resume offset, restrictions…).
    public let interstitial: Interstitial
    /// The range's duration: DURATION, else END-DATE − START-DATE, else PLANNED-DURATION.
    public let duration: MediaTime?

    /// A scheduled interstitial with explicit values.
    public init(
        id: String, time: MediaTime, startDate: Date?, cue: DateRange.Cue, interstitial: Interstitial,
        duration: MediaTime?
    ) {
        self.id = id
        self.time = time
        self.startDate = startDate
        self.cue = cue
        self.interstitial = interstitial
        self.duration = duration
    }

    /// Whether it plays after the primary content ends (CUE=POST).
    public var playsAfterPrimary: Bool { cue.contains(.post) }
}
