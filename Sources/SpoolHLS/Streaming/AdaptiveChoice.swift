import Foundation
import SpoolCore

/// Chooses the variant of each next segment from the measured throughput and the buffer
/// level. Deterministic: every input is passed in.
struct AdaptiveChoice: Sendable {
    /// Bits per second, from two exponentially weighted averages (fast and slow) of
    /// segment download rates, weighted by transfer time; the lower of the two is used, so a
    /// drop is believed at once and a rise only once it lasts (hls.js's rule).
    private var fast = 0.0
    private var slow = 0.0
    private var weight = 0.0

    /// The estimate before any measurement: conservative, so start-up picks a low-middle variant.
    static let defaultEstimate = 1_000_000.0

    mutating func record(bytes: Int, transferSeconds: Double) {
        // A sample under 16 KiB or 5 ms says more about latency than throughput.
        guard bytes >= 16 * 1024, transferSeconds > 0.005 else { return }
        let rate = Double(bytes) * 8 / transferSeconds
        let fastAlpha = 1 - exp2(-transferSeconds / 3)
        let slowAlpha = 1 - exp2(-transferSeconds / 9)
        if weight == 0 {
            fast = rate
            slow = rate
        } else {
            fast += fastAlpha * (rate - fast)
            slow += slowAlpha * (rate - slow)
        }
        weight += transferSeconds
    }

    var estimate: Double { weight > 0 ? min(fast, slow) : Self.defaultEstimate }

    /// The variant for the next segment among `allowed` (indices of `bandwidths`), given the
    /// current one and the seconds buffered ahead of the playhead.
    func choose(current: Int?, allowed: [Int], bandwidths: [Int], bufferedSeconds: Double) -> Int? {
        let sorted = allowed.sorted { bandwidths[$0] < bandwidths[$1] }
        guard let lowest = sorted.first else { return nil }
        let estimate = self.estimate
        // Up: only with headroom (70% of the estimate) and enough buffer to ride out a mistake.
        let upTarget = sorted.last { Double(bandwidths[$0]) <= estimate * 0.7 } ?? lowest
        guard let current, allowed.contains(current) else { return upTarget }
        // Nothing measured yet: keep the variant playback started with.
        if weight == 0 { return current }
        let currentBandwidth = Double(bandwidths[current])
        if bandwidths[upTarget] > bandwidths[current] {
            return bufferedSeconds >= 8 || weight < 2 ? upTarget : current
        }
        // Stay while 95% of the estimate covers the current variant, or the buffer is deep.
        if currentBandwidth <= estimate * 0.95 || bufferedSeconds >= 20 { return current }
        // Down: to what the estimate sustains now.
        return sorted.last { Double(bandwidths[$0]) <= estimate * 0.8 } ?? lowest
    }
}
