import Foundation

/// The buffer-based half of the adaptive rule: BOLA's choice of variant from the buffer level
/// alone (Spiteri, Urgaonkar and Sitaraman, "BOLA: Near-Optimal Bitrate Adaptation for Online
/// Videos"; dash.js's BolaRule).
///
/// BOLA gives variant *i* the utility uᵢ = ln(rᵢ / r₀) + 1 and, at buffer level Q, chooses the
/// variant that maximises (V·(uᵢ + γ) − Q) / rᵢ. Equivalently, each variant above the lowest
/// has a buffer level from which it beats the one below it,
/// V·(γ + uᵢ₋₁ − ln(x) / (x − 1)) with x = rᵢ / rᵢ₋₁, and the choice is the highest variant
/// whose level the buffer reached. V and γ are solved here so that the second variant's level
/// is `low` and the top one's `high`: the levels between follow the utilities, so the step
/// from one rung to the next costs more buffer where the rates are further apart.
public struct BufferLevelRule: Sendable, Equatable {
    /// The buffer level from which each variant (by position, lowest rate first) is chosen;
    /// the first is zero. Never decreasing.
    public let levels: [Duration]

    /// The levels for variants of `rates` (bits per second, lowest first; a rate lower than
    /// the one before counts as equal to it), from `low` for the second to `high` for the top.
    public init(rates: [Double], low: Duration, high: Duration) {
        var monotonic: [Double] = []
        for rate in rates { monotonic.append(max(rate, monotonic.last ?? 0, 1)) }
        guard monotonic.count > 1 else {
            levels = monotonic.isEmpty ? [] : [.zero]
            return
        }
        let utilities = monotonic.map { log($0 / monotonic[0]) + 1 }
        // BOLA's crossing point of each variant with the one below it, without V and γ.
        var crossings: [Double] = [0]
        for index in 1..<monotonic.count {
            let ratio = monotonic[index] / monotonic[index - 1]
            let slope = ratio > 1 + 1e-9 ? log(ratio) / (ratio - 1) : 1
            crossings.append(utilities[index - 1] - slope)
        }
        let (first, last) = (crossings[1], crossings[crossings.count - 1])
        let lowSeconds = low.timeInterval
        let span = max(high.timeInterval - lowSeconds, 0)
        var levels: [Duration] = [.zero]
        for index in 1..<crossings.count {
            let position = last - first > 1e-9 ? (crossings[index] - first) / (last - first) : 0
            let seconds = lowSeconds + span * min(max(position, 0), 1)
            levels.append(max(.milliseconds(Int64((seconds * 1000).rounded())), levels[index - 1]))
        }
        self.levels = levels
    }

    /// The position of BOLA's choice at `buffer`: the highest whose level it reached.
    public func choice(at buffer: Duration) -> Int {
        levels.lastIndex { $0 <= buffer } ?? 0
    }
}
