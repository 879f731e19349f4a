internal import CFFmpeg
import SpoolCore

/// An exact fraction as FFmpeg states it: a stream's time base (`1/12800`), a frame rate
/// (`30000/1001`), a sample aspect ratio (`1/1`). A plain value with no FFmpeg state.
///
/// `0/1` is how FFmpeg says "unknown" for rates and aspect ratios; the fraction is kept as
/// stated, never reduced, so headers that print it match FFmpeg's text.
public struct Rational: Hashable, Sendable, CustomStringConvertible {
    /// The numerator.
    public let numerator: Int32
    /// The denominator; 0 only for a value FFmpeg left unset.
    public let denominator: Int32

    /// The fraction `numerator/denominator`, as given.
    public init(numerator: Int32, denominator: Int32) {
        self.numerator = numerator
        self.denominator = denominator
    }

    /// Whether both parts are positive (a usable rate or time base).
    public var isPositive: Bool { numerator > 0 && denominator > 0 }

    /// The value as a `Double`; 0 when the denominator is 0.
    public var doubleValue: Double { denominator == 0 ? 0 : Double(numerator) / Double(denominator) }

    /// `"num/den"`, as FFmpeg prints rationals.
    public var description: String { "\(numerator)/\(denominator)" }

    init(_ value: AVRational) { self.init(numerator: value.num, denominator: value.den) }

    var avRational: AVRational { AVRational(num: numerator, den: denominator) }
}

extension MediaTime {
    /// The time of `ticks` units of `timeBase` (a stream timestamp); `AV_NOPTS_VALUE` and
    /// an unusable time base give `invalid`. Exact: the value is `ticks × num` over `den`.
    init(ticks: Int64, timeBase: Rational) {
        guard ticks != cffmpeg_nopts_value(), timeBase.isPositive else {
            self = .invalid
            return
        }
        let (value, overflow) = ticks.multipliedReportingOverflow(by: Int64(timeBase.numerator))
        if !overflow {
            self.init(value: value, timescale: timeBase.denominator)
        } else {
            // Only absurd timestamps get here; the nearest representable time will do.
            self.init(seconds: Double(ticks) * timeBase.doubleValue, preferredTimescale: timeBase.denominator)
        }
    }

    /// The time in whole units of `timeBase`, rounded to the nearest (FFmpeg's
    /// `av_rescale_q`); `nil` for special times and unusable time bases.
    func ticks(in timeBase: Rational) -> Int64? {
        guard isNumeric, timeBase.isPositive else { return nil }
        return av_rescale_q(value, AVRational(num: 1, den: timescale), timeBase.avRational)
    }
}
