import Foundation
import SpoolTestSupport
import SpoolUI

/// Rendered overlays as pictures a person (and tesseract) can look at.
enum OverlayScreenshots {
    /// Writes `image` as `<name>.png` (`TestScreenshots`) and returns its URL.
    @discardableResult
    static func save(_ image: OverlayImage, as name: String) async throws -> URL {
        try await TestScreenshots.savePNG(rgba: image.pixels, width: image.width, height: image.height, as: name)
    }

    /// `rect` of `image` over black, inverted to dark text on white and enlarged `factor`
    /// times (bilinear: nearest-neighbour steps made tesseract read an 8 as a 6) with a white
    /// margin: the form OCR reads best.
    static func forOCR(_ image: OverlayImage, _ rect: OverlayRect, factor: Int = 4) -> OverlayImage {
        let crop = image.cropped(to: rect)
        func ink(_ x: Int, _ y: Int) -> Double {
            let color = crop.color(atX: min(max(x, 0), crop.width - 1), y: min(max(y, 0), crop.height - 1))
            return Double(Int(color.red) + Int(color.green) + Int(color.blue)) / 3 * Double(color.alpha) / 255
        }
        let margin = 16
        let (width, height) = (crop.width * factor + 2 * margin, crop.height * factor + 2 * margin)
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<crop.height * factor {
            for x in 0..<crop.width * factor {
                let (sx, sy) = ((Double(x) + 0.5) / Double(factor) - 0.5, (Double(y) + 0.5) / Double(factor) - 0.5)
                let (x0, y0) = (Int(sx.rounded(.down)), Int(sy.rounded(.down)))
                let (fx, fy) = (sx - Double(x0), sy - Double(y0))
                let top = ink(x0, y0) * (1 - fx) + ink(x0 + 1, y0) * fx
                let bottom = ink(x0, y0 + 1) * (1 - fx) + ink(x0 + 1, y0 + 1) * fx
                let lightness = top * (1 - fy) + bottom * fy
                let index = ((y + margin) * width + x + margin) * 4
                for channel in 0..<3 { pixels[index + channel] = UInt8(min(max(255 - lightness, 0), 255)) }
            }
        }
        return OverlayImage(width: width, height: height, pixels: pixels) ?? OverlayImage(width: 0, height: 0)
    }
}
