public import Foundation
public import SpoolCore
import SpoolHLS

/// One interstitial of a primary item (AVPlayerInterstitialEvent's counterpart): content
/// such as an ad that plays at a point of the primary content, which then resumes.
public struct PlayerInterstitialEvent: Sendable, Equatable, Identifiable {
    /// What the user may not do during or around the event (AVPlayerInterstitialEvent.Restrictions).
    public struct Restrictions: OptionSet, Sendable, Hashable {
        /// The value's bits.
        public let rawValue: Int
        /// Wraps bits.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// X-RESTRICT=JUMP: seeking past the event in the primary content plays the event first.
        public static let constrainsSeekingForwardInPrimaryContent = Restrictions(rawValue: 1)
        /// X-RESTRICT=SKIP: the event cannot be sought through or skipped while it plays.
        public static let requiresPlaybackAtPreferredRateForAdvancement = Restrictions(rawValue: 2)
    }

    /// When the event plays relative to the primary content (AVPlayerInterstitialEvent.Cue).
    public enum Cue: Sendable, Equatable {
        /// At `time`.
        case noCue
        /// CUE=PRE: before the primary content starts.
        case joinCue
        /// CUE=POST: after the primary content ends.
        case leaveCue
    }

    /// The DATERANGE's ID.
    public let identifier: String
    /// `identifier`.
    public var id: String { identifier }
    /// The primary item it belongs to.
    public let primaryItemID: ItemID
    /// Where it plays, in seconds of primary content from the primary's start (the playlist
    /// timeline: zero is the first segment's start, whatever the media timestamps say).
    public let time: MediaTime
    /// START-DATE, when the playlist gave one.
    public let date: Date?
    /// The assets played in order: X-ASSET-URI, or the X-ASSET-LIST's assets once loaded.
    public let assetURLs: [URL]
    /// X-ASSET-LIST, when the assets come from a list (loaded when the event is reached).
    public let assetListURL: URL?
    /// How far after `time` the primary resumes (X-RESUME-OFFSET); `indefinite` (the default)
    /// means the duration the event actually played, as Apple's specification says.
    public let resumptionOffset: MediaTime
    /// X-PLAYOUT-LIMIT: the longest the event plays; `invalid` for no limit.
    public let playoutLimit: MediaTime
    /// X-RESTRICT.
    public let restrictions: Restrictions
    /// CUE (PRE, POST).
    public let cue: Cue
    /// CUE=ONCE: played at most once, even when the primary is played again.
    public let willPlayOnce: Bool
    /// The DATERANGE's duration (DURATION, END-DATE or PLANNED-DURATION), when given.
    public let plannedDuration: MediaTime?

    /// An event with explicit values.
    public init(
        identifier: String, primaryItemID: ItemID, time: MediaTime, date: Date? = nil, assetURLs: [URL],
        assetListURL: URL? = nil, resumptionOffset: MediaTime = .indefinite, playoutLimit: MediaTime = .invalid,
        restrictions: Restrictions = [], cue: Cue = .noCue, willPlayOnce: Bool = false,
        plannedDuration: MediaTime? = nil
    ) {
        self.identifier = identifier
        self.primaryItemID = primaryItemID
        self.time = time
        self.date = date
        self.assetURLs = assetURLs
        self.assetListURL = assetListURL
        self.resumptionOffset = resumptionOffset
        self.playoutLimit = playoutLimit
        self.restrictions = restrictions
        self.cue = cue
        self.willPlayOnce = willPlayOnce
        self.plannedDuration = plannedDuration
    }

    init(_ scheduled: ScheduledInterstitial, primaryItemID: ItemID) {
        let interstitial = scheduled.interstitial
        var restrictions: Restrictions = []
        if interstitial.restrictions.contains(.jump) { restrictions.insert(.constrainsSeekingForwardInPrimaryContent) }
        if interstitial.restrictions.contains(.skip) {
            restrictions.insert(.requiresPlaybackAtPreferredRateForAdvancement)
        }
        let cue: Cue = scheduled.cue.contains(.pre) ? .joinCue : scheduled.cue.contains(.post) ? .leaveCue : .noCue
        self.init(
            identifier: scheduled.id, primaryItemID: primaryItemID, time: scheduled.time, date: scheduled.startDate,
            assetURLs: interstitial.assetURI.map { [$0] } ?? [], assetListURL: interstitial.assetList,
            resumptionOffset: interstitial.resumeOffset ?? .indefinite,
            playoutLimit: interstitial.playoutLimit ?? .invalid, restrictions: restrictions, cue: cue,
            willPlayOnce: scheduled.cue.contains(.once), plannedDuration: scheduled.duration)
    }
}
