/// An exact media time: a rational `value / timescale` seconds, or one of the special
/// times `invalid`, `indefinite`, `positiveInfinity` and `negativeInfinity`.
///
/// The counterpart of `CMTime`. Numeric times never lose precision in comparison, and
/// addition or subtraction is exact whenever the common timescale fits in `Int32`.
/// Equality is by value: `1/2` equals `2/4`.
public struct MediaTime: Sendable {
    /// What kind of time this is.
    public enum Kind: UInt8, Sendable, Hashable {
        /// An ordinary rational time.
        case numeric
        /// No time at all (an unset time, the result of an invalid operation).
        case invalid
        /// A time not known yet, such as the duration of a live stream.
        case indefinite
        /// Later than every other time.
        case positiveInfinity
        /// Earlier than every other time.
        case negativeInfinity
    }

    /// The numerator; meaningful only for numeric times.
    public let value: Int64
    /// Units per second; positive for numeric times, 0 otherwise.
    public let timescale: Int32
    /// Which kind of time this is.
    public let kind: Kind

    /// A numeric time of `value / timescale` seconds. A non-positive timescale gives `invalid`.
    public init(value: Int64, timescale: Int32) {
        if timescale > 0 {
            self.init(value: value, timescale: timescale, kind: .numeric)
        } else {
            self.init(value: 0, timescale: 0, kind: .invalid)
        }
    }

    private init(value: Int64, timescale: Int32, kind: Kind) {
        self.value = value
        self.timescale = timescale
        self.kind = kind
    }

    /// `seconds` rounded to the nearest unit of `preferredTimescale`. NaN gives `invalid`,
    /// ±infinity give the infinite times, values beyond `Int64` units saturate to infinity.
    public init(seconds: Double, preferredTimescale: Int32) {
        guard preferredTimescale > 0, !seconds.isNaN else {
            self.init(value: 0, timescale: 0, kind: .invalid)
            return
        }
        let units = (seconds * Double(preferredTimescale)).rounded()
        if units >= 9.2e18 {
            self = .positiveInfinity
        } else if units <= -9.2e18 {
            self = .negativeInfinity
        } else {
            self.init(value: Int64(units), timescale: preferredTimescale, kind: .numeric)
        }
    }

    /// Zero seconds.
    public static let zero = MediaTime(value: 0, timescale: 1)
    /// No time (CMTime's `invalid`).
    public static let invalid = MediaTime(value: 0, timescale: 0, kind: .invalid)
    /// A time not known (CMTime's `indefinite`): a live stream's duration.
    public static let indefinite = MediaTime(value: 0, timescale: 0, kind: .indefinite)
    /// Later than every other time.
    public static let positiveInfinity = MediaTime(value: 0, timescale: 0, kind: .positiveInfinity)
    /// Earlier than every other time.
    public static let negativeInfinity = MediaTime(value: 0, timescale: 0, kind: .negativeInfinity)

    /// Whether this is an ordinary rational time.
    public var isNumeric: Bool { kind == .numeric }
    /// Whether this is the indefinite time (for example a live stream's duration).
    public var isIndefinite: Bool { kind == .indefinite }
    /// Whether this is `invalid`.
    public var isInvalid: Bool { kind == .invalid }
    /// Whether this is `positiveInfinity` or `negativeInfinity`.
    public var isInfinite: Bool { kind == .positiveInfinity || kind == .negativeInfinity }

    /// The time in seconds: NaN for invalid and indefinite, ±infinity for the infinite times.
    public var seconds: Double {
        switch kind {
        case .numeric: Double(value) / Double(timescale)
        case .positiveInfinity: .infinity
        case .negativeInfinity: -.infinity
        case .invalid, .indefinite: .nan
        }
    }

    /// The same time in `newTimescale` units, rounded half away from zero. Special times and
    /// a non-positive timescale are returned unchanged / as `invalid`.
    public func convertScale(_ newTimescale: Int32) -> MediaTime {
        guard isNumeric else { return self }
        guard newTimescale > 0 else { return .invalid }
        if newTimescale == timescale { return self }
        let scaled = Int128(value) * Int128(newTimescale)
        let rounded = Self.divideRounded(scaled, by: Int128(timescale))
        guard let exact = Int64(exactly: rounded) else {
            return rounded > 0 ? .positiveInfinity : .negativeInfinity
        }
        return MediaTime(value: exact, timescale: newTimescale)
    }

    /// `numerator / denominator` rounded half away from zero; `denominator` is positive.
    static func divideRounded(_ numerator: Int128, by denominator: Int128) -> Int128 {
        let half = denominator / 2
        return numerator >= 0 ? (numerator + half) / denominator : (numerator - half) / denominator
    }
}
