public import Foundation

/// One resource of a representation to fetch: a media segment or an initialization section.
public struct MPDSegment: Sendable, Equatable {
    /// Where it is: resolved against the representation's BaseURL and allowed by the MPD's `URIPolicy`.
    public var url: URL
    /// The bytes of `url` to fetch; `nil` for all of it.
    public var byteRange: ByteRange?
    /// Its `$Number$` (templates and lists); `nil` for a single-file representation and init sections.
    public var number: Int64?
    /// Its media time in `timescale` units (what `$Time$` expands to).
    public var time: Int64
    /// Its duration in `timescale` units (0 for an initialization section).
    public var duration: Int64
    /// Units per second of `time` and `duration`.
    public var timescale: Int64
    /// Where it starts on the presentation timeline, in seconds: the period's start plus
    /// `(time - presentationTimeOffset) / timescale`.
    public var start: Double

    /// Where it ends on the presentation timeline, in seconds.
    public var end: Double { start + Double(duration) / Double(timescale) }
}

/// Checked 64-bit arithmetic for segment numbers and times: overflow is an
/// `MPDParseError.Problem.arithmeticOverflow` naming what was computed, never a trap or a wrap.
struct CheckedArithmetic {
    let path: String

    func add(_ a: Int64, _ b: Int64, _ what: String) throws(MPDParseError) -> Int64 {
        let (sum, overflow) = a.addingReportingOverflow(b)
        guard !overflow else { throw MPDParseError(element: path, problem: .arithmeticOverflow(what)) }
        return sum
    }

    func multiply(_ a: Int64, _ b: Int64, _ what: String) throws(MPDParseError) -> Int64 {
        let (product, overflow) = a.multipliedReportingOverflow(by: b)
        guard !overflow else { throw MPDParseError(element: path, problem: .arithmeticOverflow(what)) }
        return product
    }

    /// `seconds * timescale`, rounded down (up when `roundUp`), as timescale units.
    func units(_ seconds: Double, _ timescale: Int64, roundUp: Bool = false) throws(MPDParseError) -> Int64 {
        let value = seconds * Double(timescale)
        let rounded = roundUp ? value.rounded(.up) : value.rounded(.down)
        guard rounded.isFinite, abs(rounded) < 0x1p62 else {
            throw MPDParseError(element: path, problem: .arithmeticOverflow("a time of \(seconds) s"))
        }
        return Int64(rounded)
    }
}
