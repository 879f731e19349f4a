public import Foundation

/// A `Representation`: one encoding, with the attributes it inherits from its adaptation set
/// already applied, and its segment addressing merged from Period, AdaptationSet and
/// Representation (the most specific level's attributes win).
public struct Representation: Sendable, Equatable {
    /// `id` (required; what `$RepresentationID$` expands to).
    public var id: String
    /// `bandwidth` in bits per second (required).
    public var bandwidth: Int64
    /// `codecs`, own or inherited.
    public var codecs: String?
    /// `mimeType`, own or inherited.
    public var mimeType: String?
    /// `width`, own or inherited.
    public var width: Int?
    /// `height`, own or inherited.
    public var height: Int?
    /// `frameRate` as written (`25`, `30000/1001`), own or inherited.
    public var frameRate: String?
    /// `audioSamplingRate`, own or inherited.
    public var audioSamplingRate: String?
    /// The representation's own `ContentProtection`s followed by its adaptation set's.
    public var contentProtections: [ContentProtection]
    /// The representation's BaseURLs resolved through MPD, Period and AdaptationSet; when it
    /// has none, its adaptation set's (so the first is always the base of its segments).
    public var baseURLs: [URL]
    /// How its segments are addressed.
    public var addressing: SegmentAddressing
}

/// How a representation's segments are addressed.
public enum SegmentAddressing: Sendable, Equatable {
    /// `SegmentTemplate` (with or without a `SegmentTimeline`).
    case template(SegmentTemplate)
    /// `SegmentList`.
    case list(SegmentList)
    /// `SegmentBase`: one file, its index (`sidx`) at `indexRange`.
    case base(SegmentBase)
    /// Only a BaseURL: the whole file is one segment.
    case single
}
