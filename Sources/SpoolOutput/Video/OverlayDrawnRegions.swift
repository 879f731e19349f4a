import SpoolCore

/// One rectangle of an overlay that draws something, in the overlay's pixels.
struct OverlayRegion: Sendable, Equatable {
    var x: Int
    var y: Int
    var width: Int
    var height: Int
}

/// Where an RGBA overlay draws anything: bands of rows holding a pixel whose alpha is not 0,
/// each cut into the runs of columns that draw. The window blends only these over the video,
/// not the whole overlay: with a software rasteriser (no GPU, as under Xvfb) blending is paid
/// per pixel, and the controls are a row of buttons and labels with video between them.
enum OverlayDrawnRegions {
    /// The regions of `pixels` (`width × height` RGBA). Bands closer than `mergeGap` rows are
    /// one band, so a bar and its labels are one blend, not several; within a band, columns
    /// that draw and are closer than `columnGap` are one region. Empty when nothing draws.
    static func regions(
        width: Int, height: Int, pixels: [UInt8], mergeGap: Int = 16, columnGap: Int = 32
    ) -> [OverlayRegion] {
        guard width > 0, height > 0, pixels.count >= width * height * 4 else { return [] }
        var bands: [ClosedRange<Int>] = []
        pixels.withUnsafeBufferPointer { bytes in
            for row in 0..<height where drawsAnything(row: row, width: width, bytes: bytes) {
                if let last = bands.last, row - last.upperBound <= mergeGap {
                    bands[bands.count - 1] = last.lowerBound...row
                } else {
                    bands.append(row...row)
                }
            }
        }
        return pixels.withUnsafeBufferPointer { bytes in
            bands.flatMap { band in
                columnRuns(in: band, width: width, bytes: bytes, gap: columnGap).map { run in
                    OverlayRegion(
                        x: run.lowerBound, y: band.lowerBound, width: run.count, height: band.count)
                }
            }
        }
    }

    /// Whether `row` has a pixel whose alpha is not 0: the scan runs over the whole window at
    /// every redraw, and most rows are empty.
    private static func drawsAnything(row: Int, width: Int, bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        return RGBAAlphaScan.hasDrawnPixel(base + row * width * 4, count: width)
    }

    /// The runs of columns of `band` holding a drawn pixel, runs less than `gap` apart joined.
    private static func columnRuns(
        in band: ClosedRange<Int>, width: Int, bytes: UnsafeBufferPointer<UInt8>, gap: Int
    ) -> [Range<Int>] {
        var drawn = [Bool](repeating: false, count: width)
        var drawnCount = 0
        for row in band {
            let start = row * width * 4 + 3
            for x in 0..<width where !drawn[x] && bytes[start + x * 4] != 0 {
                drawn[x] = true
                drawnCount += 1
            }
            // A full-width row (the bar's background) settles every column: stop reading.
            if drawnCount == width { break }
        }
        var runs: [Range<Int>] = []
        var x = 0
        while x < width {
            guard drawn[x] else {
                x += 1
                continue
            }
            var end = x + 1
            while end < width && drawn[end] { end += 1 }
            if let last = runs.last, x - last.upperBound < gap {
                runs[runs.count - 1] = last.lowerBound..<end
            } else {
                runs.append(x..<end)
            }
            x = end
        }
        return runs
    }
}
