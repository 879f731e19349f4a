/// One rectangle of an overlay that draws something, in the overlay's pixels.
struct OverlayRegion: Sendable, Equatable {
    var x: Int
    var y: Int
    var width: Int
    var height: Int
}

/// Where an RGBA overlay draws anything: bands of rows holding a pixel whose alpha is not 0,
/// each narrowed to the columns that draw. The window blends only these over the video, not
/// the whole overlay: with the software renderer (no GPU, as under Xvfb) blending is paid per
/// pixel, and the controls cover a strip at the bottom and one at the top, not the picture.
enum OverlayDrawnRegions {
    /// The regions of `pixels` (`width × height` RGBA); bands closer than `mergeGap` rows are
    /// one region, so a bar and its labels are one blend, not several. Empty when nothing draws.
    static func regions(width: Int, height: Int, pixels: [UInt8], mergeGap: Int = 16) -> [OverlayRegion] {
        guard width > 0, height > 0, pixels.count >= width * height * 4 else { return [] }
        var regions: [OverlayRegion] = []
        var open: (top: Int, bottom: Int, left: Int, right: Int)?
        pixels.withUnsafeBufferPointer { bytes in
            for row in 0..<height {
                guard let (left, right) = drawnColumns(of: row, width: width, bytes: bytes) else { continue }
                if var band = open, row - band.bottom <= mergeGap {
                    band.bottom = row
                    band.left = min(band.left, left)
                    band.right = max(band.right, right)
                    open = band
                } else {
                    if let band = open { regions.append(region(band)) }
                    open = (row, row, left, right)
                }
            }
        }
        if let band = open { regions.append(region(band)) }
        return regions
    }

    /// The first and last columns of `row` whose alpha is not 0; nil for a transparent row.
    private static func drawnColumns(of row: Int, width: Int, bytes: UnsafeBufferPointer<UInt8>) -> (Int, Int)? {
        let start = row * width * 4 + 3
        var left = 0
        while left < width, bytes[start + left * 4] == 0 { left += 1 }
        guard left < width else { return nil }
        var right = width - 1
        while bytes[start + right * 4] == 0 { right -= 1 }
        return (left, right)
    }

    private static func region(_ band: (top: Int, bottom: Int, left: Int, right: Int)) -> OverlayRegion {
        OverlayRegion(x: band.left, y: band.top, width: band.right - band.left + 1, height: band.bottom - band.top + 1)
    }
}
