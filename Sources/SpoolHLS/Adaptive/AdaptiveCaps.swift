/// Limits on which variants automatic selection may choose (AVPlayerItem's
/// `preferredPeakBitRate` and `preferredMaximumResolution`, plus the video output's size).
///
/// A variant passes when it passes every cap that is set. When no variant passes, the lowest
/// one (by bit rate) is used: a cap lowers quality but never stops playback. A manual pin
/// ignores the caps.
public struct AdaptiveCaps: Sendable, Equatable {
    /// The highest BANDWIDTH (peak bits per second) allowed; `nil` or not positive means no
    /// cap (AVPlayer's `preferredPeakBitRate` of 0).
    public var peakBitRate: Int?
    /// The largest RESOLUTION allowed, both width and height; `nil` means no cap. Variants
    /// without a RESOLUTION pass.
    public var maximumResolution: Resolution?
    /// The size of the video output in pixels (its drawable size); `nil` means the output
    /// does not limit the choice. Variants with more pixels than the smallest one covering
    /// the output once aspect-fitted into it are excluded (`ViewportCap`), so a 320-pixel
    /// window never gets 1080p; when no variant covers it, every variant passes. Applied
    /// after `maximumResolution`, so the stricter of the two wins.
    public var viewportSize: Resolution?

    /// Caps with explicit values; every parameter defaults to no cap.
    public init(peakBitRate: Int? = nil, maximumResolution: Resolution? = nil, viewportSize: Resolution? = nil) {
        self.peakBitRate = peakBitRate
        self.maximumResolution = maximumResolution
        self.viewportSize = viewportSize
    }

    /// No caps at all.
    public static let none = AdaptiveCaps()

    /// The candidates that pass every cap, in the order given (which may be none).
    func filter(_ candidates: [VariantCandidate]) -> [VariantCandidate] {
        var passing = candidates
        if let peak = peakBitRate, peak > 0 {
            passing = passing.filter { $0.bandwidth <= peak }
        }
        if let maximum = maximumResolution {
            passing = passing.filter { candidate in
                guard let size = candidate.resolution else { return true }
                return size.width <= maximum.width && size.height <= maximum.height
            }
        }
        if let viewport = viewportSize,
            let limit = ViewportCap.maximumPixelCount(for: viewport, among: passing.compactMap(\.resolution))
        {
            passing = passing.filter { candidate in
                guard let size = candidate.resolution else { return true }
                return size.width * size.height <= limit
            }
        }
        return passing
    }
}
