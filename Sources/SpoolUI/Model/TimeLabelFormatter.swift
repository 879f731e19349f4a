/// The overlay's time texts. Elapsed times round down and remaining times round up, so the two
/// always add up to the duration; an item an hour or longer shows hours in every label, so the
/// labels do not change width while it plays.
public enum TimeLabelFormatter {
    /// What a label shows while the duration is not known. Never used for a known duration.
    public static let unknown = "-:--"

    /// "1:23", or "0:01:23" when `showsHours`. Negative and non-finite values count as zero.
    public static func string(seconds: Double, showsHours: Bool, roundingUp: Bool = false) -> String {
        let clamped = seconds.isFinite ? max(seconds, 0) : 0
        // Floating-point sums (0.1 × 30) land a hair off the whole second they mean; a
        // microsecond of slack reads them as meant in both directions.
        let whole = Int(roundingUp ? (clamped - 1e-6).rounded(.up) : (clamped + 1e-6).rounded(.down))
        let total = max(whole, 0)
        let (hours, minutes, secs) = (total / 3600, total / 60 % 60, total % 60)
        let twoDigits = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        if showsHours || hours > 0 { return "\(hours):\(twoDigits(minutes)):\(twoDigits(secs))" }
        return "\(total / 60):\(twoDigits(secs))"
    }

    /// Whether labels of an item lasting `duration` seconds show hours (an hour or longer).
    public static func showsHours(duration: Double?) -> Bool {
        guard let duration, duration.isFinite else { return false }
        return duration >= 3600
    }

    /// The elapsed label: the playhead, rounded down.
    public static func elapsed(_ currentTime: Double, duration: Double?) -> String {
        string(seconds: currentTime, showsHours: showsHours(duration: duration))
    }

    /// The total label: the duration (rounded down, like the elapsed label at the end), or
    /// `unknown` while it is not known.
    public static func total(duration: Double?) -> String {
        guard let duration, duration.isFinite, duration >= 0 else { return unknown }
        return string(seconds: duration, showsHours: showsHours(duration: duration))
    }

    /// The remaining label, "-8:37": the time left at the playing speed (media time left
    /// divided by `rate`), rounded up; `unknown` while the duration is not known.
    public static func remaining(_ currentTime: Double, duration: Double?, rate: Float) -> String {
        guard let duration, duration.isFinite, duration >= 0 else { return unknown }
        let speed = rate > 0 ? Double(rate) : 1
        let left = max(duration - currentTime, 0) / speed
        return "-" + string(seconds: left, showsHours: showsHours(duration: duration), roundingUp: true)
    }

    /// How far behind a live edge the playhead is, "-0:12"; empty at the edge (within 2 s,
    /// about one frame of a live window's jitter).
    public static func behindLive(_ currentTime: Double, liveEdge: Double) -> String {
        let behind = liveEdge - currentTime
        guard behind >= 2 else { return "" }
        return "-" + string(seconds: behind, showsHours: false)
    }
}
