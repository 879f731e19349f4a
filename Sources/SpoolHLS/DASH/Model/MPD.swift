public import Foundation

/// A parsed MPEG-DASH media presentation description (ISO/IEC 23009-1): what the manifest
/// says, with every URL resolved against its BaseURL chain and checked by the `URIPolicy` of
/// where the MPD came from, and every number range-checked.
///
/// Built only by `MPD.parse`, which bounds the input by `MPDLimits`; segment URLs are listed
/// per representation by `segments(of:in:window:limits:)`.
public struct MPD: Sendable, Equatable {
    /// Static (on demand) or dynamic (live).
    public enum PresentationType: String, Sendable, Equatable {
        /// On demand: every segment is available.
        case `static`
        /// Live: segments become available over time from `availabilityStartTime`.
        case dynamic
    }

    /// Where the MPD was fetched from (the base of every relative URL).
    public var url: URL
    /// `type`; `static` when absent.
    public var type: PresentationType
    /// `profiles`, split at commas.
    public var profiles: [String]
    /// `mediaPresentationDuration` in seconds.
    public var mediaPresentationDuration: Double?
    /// `minBufferTime` in seconds.
    public var minBufferTime: Double?
    /// `availabilityStartTime` (required for `dynamic`).
    public var availabilityStartTime: Date?
    /// `publishTime`.
    public var publishTime: Date?
    /// `timeShiftBufferDepth` in seconds.
    public var timeShiftBufferDepth: Double?
    /// `minimumUpdatePeriod` in seconds (a live MPD is reloaded this often).
    public var minimumUpdatePeriod: Double?
    /// `suggestedPresentationDelay` in seconds.
    public var suggestedPresentationDelay: Double?
    /// `maxSegmentDuration` in seconds.
    public var maxSegmentDuration: Double?
    /// The MPD-level BaseURLs, resolved (the first is the one used; the rest are alternatives).
    public var baseURLs: [URL]
    /// `Location` elements: where to fetch updates of this MPD, resolved.
    public var locations: [URL]
    /// `UTCTiming` elements (scheme `urn:mpeg:dash:utc:http-iso:2014` and the like, value a URL or a time).
    public var utcTimings: [Descriptor]
    /// The periods in order, each with its start resolved when it can be.
    public var periods: [Period]
}

/// A DASH descriptor (`Role`, `Accessibility`, `UTCTiming`, `EssentialProperty`…): a scheme
/// and an optional value and id, as written.
public struct Descriptor: Sendable, Equatable {
    /// `schemeIdUri`.
    public var schemeIDURI: String
    /// `value`, when present.
    public var value: String?
    /// `id`, when present.
    public var id: String?

    /// A descriptor with these fields.
    public init(schemeIDURI: String, value: String?, id: String? = nil) {
        self.schemeIDURI = schemeIDURI
        self.value = value
        self.id = id
    }
}
