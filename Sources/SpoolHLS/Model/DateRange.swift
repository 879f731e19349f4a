public import Foundation
public import SpoolCore

/// EXT-X-DATERANGE: a range of wall-clock time with attributes: ad breaks (SCTE-35),
/// interstitials, chapters, program metadata.
public struct DateRange: Sendable, Equatable {
    /// A client-defined (`X-`) attribute's value, typed by how it was written.
    public enum ClientAttributeValue: Sendable, Equatable {
        /// A quoted-string, with variables substituted.
        case string(String)
        /// A hexadecimal-sequence's bytes.
        case hexadecimal([UInt8])
        /// A decimal-floating-point.
        case number(Double)
    }

    /// CUE (RFC 8216bis): when a client should trigger the range.
    public struct Cue: OptionSet, Sendable, Hashable {
        /// The value's bits.
        public let rawValue: Int
        /// Wraps bits.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// PRE: before playback of the primary asset starts.
        public static let pre = Cue(rawValue: 1)
        /// POST: after playback of the primary asset ends.
        public static let post = Cue(rawValue: 2)
        /// ONCE: at most once.
        public static let once = Cue(rawValue: 4)
    }

    /// The CLASS of interstitial date ranges.
    public static let interstitialClass = "com.apple.hls.interstitial"

    /// ID: identifies the range; tags with the same ID describe the same range.
    public let id: String
    /// CLASS: the semantics of the client attributes.
    public let className: String?
    /// START-DATE (required by the RFC, but left out by some encoders for updates of a range
    /// announced earlier).
    public let startDate: Date?
    /// CUE.
    public let cue: Cue
    /// END-DATE.
    public let endDate: Date?
    /// DURATION.
    public let duration: MediaTime?
    /// PLANNED-DURATION: the expected duration while the real one is unknown.
    public let plannedDuration: MediaTime?
    /// END-ON-NEXT=YES: the range ends where the next range of the same class starts.
    public let endsOnNext: Bool
    /// SCTE35-CMD bytes.
    public let scte35Command: [UInt8]?
    /// SCTE35-OUT bytes.
    public let scte35Out: [UInt8]?
    /// SCTE35-IN bytes.
    public let scte35In: [UInt8]?
    /// Every `X-` attribute by name (including the interstitial ones).
    public let clientAttributes: [String: ClientAttributeValue]
    /// The interstitial this range schedules, when CLASS is `com.apple.hls.interstitial`.
    public let interstitial: Interstitial?

    /// Where the range ends: END-DATE, else START-DATE plus DURATION, else `nil`.
    public var resolvedEndDate: Date? {
        if let endDate { return endDate }
        guard let startDate, let duration, duration.isNumeric else { return nil }
        return startDate.addingTimeInterval(duration.seconds)
    }
}
