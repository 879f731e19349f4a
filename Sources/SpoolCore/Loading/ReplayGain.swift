import Foundation

/// An item's ReplayGain tags (REPLAYGAIN_TRACK_GAIN and _PEAK, REPLAYGAIN_ALBUM_GAIN and
/// _PEAK), as Vorbis comments, APE tags and ID3 TXXX frames carry them: how loud the track or
/// its album was measured against the ReplayGain reference, and its highest sample.
///
/// Tags are untrusted text: `init(tag:)` readers accept "-6.50 dB", "+1.2 dB" or "0.98"
/// and nothing else (no exponent, no NaN), within ±60 dB for gains and (0, 16] for peaks.
public struct ReplayGain: Codable, Sendable, Equatable {
    /// The track's gain in dB.
    public var trackGain: Double?
    /// The track's peak, 1 being full scale.
    public var trackPeak: Double?
    /// The album's gain in dB.
    public var albumGain: Double?
    /// The album's peak, 1 being full scale.
    public var albumPeak: Double?

    /// Tags; each absent unless given.
    public init(trackGain: Double? = nil, trackPeak: Double? = nil, albumGain: Double? = nil, albumPeak: Double? = nil)
    {
        self.trackGain = trackGain
        self.trackPeak = trackPeak
        self.albumGain = albumGain
        self.albumPeak = albumPeak
    }

    /// Whether no tag was found.
    public var isEmpty: Bool { trackGain == nil && albumGain == nil }

    /// Which gain to apply (mpv's `--replaygain`).
    public enum Mode: String, Sendable, Equatable, CaseIterable {
        /// None: the audio as decoded.
        case off
        /// The track's gain (the album's when the track has none).
        case track
        /// The album's gain (the track's when the album has none).
        case album
    }

    /// The linear factor to multiply samples by: the chosen gain plus `preamp` dB, lowered
    /// when `preventsClipping` so that the tagged peak stays at full scale or below. 1 when
    /// the mode is `.off` or no gain is tagged.
    public func factor(mode: Mode, preamp: Double, preventsClipping: Bool) -> Float {
        let chosen: (gain: Double?, peak: Double?) =
            switch mode {
            case .off: (nil, nil)
            case .track: (trackGain ?? albumGain, trackGain != nil ? trackPeak : albumPeak)
            case .album: (albumGain ?? trackGain, albumGain != nil ? albumPeak : trackPeak)
            }
        guard let gain = chosen.gain else { return 1 }
        var factor = Self.linear(decibels: gain + min(max(preamp, -60), 60))
        if preventsClipping, let peak = chosen.peak, peak > 0 { factor = min(factor, 1 / peak) }
        return Float(factor)
    }

    /// 10^(dB/20).
    static func linear(decibels: Double) -> Double {
        pow(10, decibels / 20)
    }

    /// A gain tag's value in dB ("-6.50 dB", "+1.2 dB", "-3"), or nil for anything else or
    /// outside ±60 dB.
    public static func gain(tag: String) -> Double? {
        var text = Substring(tag.prefix(64)).trimmingSpaces
        if text.lowercased().hasSuffix("db") { text = text.dropLast(2).trimmingSpaces }
        guard let value = decimal(text), abs(value) <= 60 else { return nil }
        return value
    }

    /// A peak tag's value ("0.988", "1.2"), or nil for anything else or outside (0, 16].
    public static func peak(tag: String) -> Double? {
        guard let value = decimal(Substring(tag.prefix(64)).trimmingSpaces), value > 0, value <= 16 else { return nil }
        return value
    }

    /// An optionally signed decimal with digits and at most one point, nothing else.
    private static func decimal(_ text: Substring) -> Double? {
        var digits = text
        if digits.first == "+" || digits.first == "-" { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.contains(where: \.isASCIIDigit),
            digits.allSatisfy({ $0.isASCIIDigit || $0 == "." }), digits.filter({ $0 == "." }).count <= 1
        else { return nil }
        return Double(text.first == "+" ? text.dropFirst() : text)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        var text = self
        while text.first == " " || text.first == "\t" { text = text.dropFirst() }
        while text.last == " " || text.last == "\t" { text = text.dropLast() }
        return text
    }
}
