/// A speed the speed menu offers (AVPlaybackSpeed's counterpart): a rate and its label.
public struct PlaybackSpeed: Sendable, Hashable, CustomStringConvertible {
    /// The rate the player plays at when it is chosen.
    public let rate: Float
    /// What the menu shows: "1×", "1.25×".
    public let localizedName: String

    /// A speed for `rate`, labelled with the shortest decimal form of the rate and "×".
    public init(rate: Float) {
        self.rate = rate
        self.localizedName = PlaybackSpeed.label(for: rate)
    }

    /// A speed with its own label.
    public init(rate: Float, localizedName: String) {
        self.rate = rate
        self.localizedName = localizedName
    }

    /// 0.5, 0.75, 1, 1.25, 1.5, 1.75 and 2: the menu's default speeds.
    public static let systemDefaultSpeeds: [PlaybackSpeed] = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2].map {
        PlaybackSpeed(rate: $0)
    }

    /// "1.25×" for 1.25, "2×" for 2: two decimals at most, trailing zeros dropped.
    public static func label(for rate: Float) -> String {
        let hundredths = Int((Double(rate) * 100).rounded())
        var text = "\(hundredths / 100)"
        let fraction = hundredths % 100
        if fraction != 0 {
            text += fraction % 10 == 0 ? ".\(fraction / 10)" : (fraction < 10 ? ".0\(fraction)" : ".\(fraction)")
        }
        return text + "×"
    }

    /// The label.
    public var description: String { localizedName }
}
