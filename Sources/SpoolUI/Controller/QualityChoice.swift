import Foundation
import Spool

/// One row of the quality menu: an HLS variant as a person picks it ("720p · 2.9 Mb/s") and
/// the index that pins it (`PlayerItem.preferredVariantIndex`).
struct QualityChoice: Sendable, Equatable {
    /// What the menu says.
    let title: String
    /// The variant's index in the multivariant playlist.
    let variantIndex: Int

    /// The choices for `variants`, best first: one per quality (redundant copies of a variant,
    /// same bandwidth, resolution and codecs on another URI, are one choice, the first
    /// listed), leaving out what the item's caps forbid (`peakBitRate` > 0, bits per second;
    /// `maximumResolution`), as the adaptive choice does. Fewer than two: no menu.
    static func choices(
        from variants: [StreamVariant], peakBitRate: Double, maximumResolution: PixelSize?
    ) -> [QualityChoice] {
        var seen = Set<String>()
        let allowed = variants.enumerated().filter { _, variant in
            let key = "\(variant.bandwidth) \(variant.resolution ?? "") \(variant.codecs ?? "")"
            guard seen.insert(key).inserted else { return false }
            if peakBitRate > 0 && Double(variant.bandwidth) > peakBitRate { return false }
            if let maximumResolution, let size = pixelSize(variant.resolution),
                size.width > maximumResolution.width || size.height > maximumResolution.height
            {
                return false
            }
            return true
        }
        return allowed.sorted { $0.element.bandwidth > $1.element.bandwidth }.map { index, variant in
            QualityChoice(title: title(of: variant), variantIndex: index)
        }
    }

    /// "720p · 2.9 Mb/s", "880 kb/s" without a resolution.
    static func title(of variant: StreamVariant) -> String {
        let rate =
            variant.bandwidth >= 1_000_000
            ? String(format: "%.1f Mb/s", Double(variant.bandwidth) / 1_000_000)
            : "\(Int((Double(variant.bandwidth) / 1000).rounded())) kb/s"
        guard let size = pixelSize(variant.resolution) else { return rate }
        return "\(size.height)p · \(rate)"
    }

    private static func pixelSize(_ resolution: String?) -> PixelSize? {
        let parts = resolution?.lowercased().split(separator: "x").compactMap { Int($0) } ?? []
        guard parts.count == 2 else { return nil }
        return PixelSize(width: parts[0], height: parts[1])
    }
}
