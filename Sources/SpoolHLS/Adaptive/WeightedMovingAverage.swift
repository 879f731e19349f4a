import Foundation

/// An exponentially weighted moving average whose samples carry a weight (seconds of
/// transfer), so the half-life is in weight units rather than sample counts.
struct WeightedMovingAverage: Sendable, Equatable {
    private let alpha: Double
    private var raw = 0.0
    private var totalWeight = 0.0

    /// An average that gives a sample `halfLife` units old half the influence of a new one.
    init(halfLife: Double) {
        alpha = halfLife > 0 ? exp(log(0.5) / halfLife) : 0
    }

    /// Folds in `value` with `weight` (> 0).
    mutating func add(_ value: Double, weight: Double) {
        let retained = pow(alpha, weight)
        raw = value * (1 - retained) + retained * raw
        totalWeight += weight
    }

    /// The average, corrected for starting at zero (the raw average is biased towards zero
    /// until its total weight is several half-lives), or `nil` with no samples.
    var value: Double? {
        guard totalWeight > 0 else { return nil }
        let zeroFactor = 1 - pow(alpha, totalWeight)
        return zeroFactor > 0 ? raw / zeroFactor : raw
    }
}
