import Testing

@testable import SpoolUI

/// Wide fills (the scrim, the bar) take a fast path for transparent pixels; it must draw
/// exactly what blending every pixel one by one draws.
@Suite("Overlay image fills")
struct OverlayImageFillTests {
    /// A 40×6 image with a few pixels already drawn (opaque and translucent), so a row holds
    /// both kinds.
    static func started() -> OverlayImage {
        var image = OverlayImage(width: 40, height: 6)
        image.fill(OverlayRect(x: 3, y: 0, width: 5, height: 6), OverlayColor(red: 200, green: 10, blue: 30))
        image.blend(at: (2 * 40 + 20) * 4, OverlayColor(red: 0, green: 90, blue: 250, alpha: 100))
        image.blend(at: (4 * 40 + 39) * 4, OverlayColor(red: 9, green: 9, blue: 9, alpha: 1))
        return image
    }

    /// The same fill, one `blend(at:)` per pixel.
    static func blendedPixelByPixel(
        _ image: OverlayImage, _ rect: OverlayRect, color: (Int) -> OverlayColor
    ) -> OverlayImage {
        var image = image
        for y in rect.y..<rect.maxY {
            for x in rect.x..<rect.maxX { image.blend(at: (y * image.width + x) * 4, color(y)) }
        }
        return image
    }

    @Test("fill over transparent and drawn pixels equals blending each pixel")
    func fillMatchesBlend() {
        let rect = OverlayRect(x: 1, y: 1, width: 39, height: 4)
        let shade = OverlayColor.black.fading(0.72)
        var filled = Self.started()
        filled.fill(rect, shade)
        let reference = Self.blendedPixelByPixel(Self.started(), rect) { _ in shade }
        #expect(filled == reference)
        // Both kinds of pixel were there: the opaque red is darkened, not replaced.
        #expect(filled.pixels[(1 * 40 + 4) * 4] != 0 && filled.pixels[(1 * 40 + 4) * 4 + 3] == 255)
        #expect(filled.pixels[(1 * 40 + 30) * 4 + 3] == shade.alpha)
    }

    @Test("a gradient over transparent and drawn pixels equals blending each row's colour")
    func gradientMatchesBlend() {
        let rect = OverlayRect(x: 0, y: 0, width: 40, height: 6)
        let color = OverlayColor(red: 10, green: 20, blue: 30, alpha: 200)
        var filled = Self.started()
        filled.fillGradient(rect, color, top: 0, bottom: 1)
        let reference = Self.blendedPixelByPixel(Self.started(), rect) { y in color.fading(Double(y) / 5) }
        #expect(filled == reference)
    }
}

extension OverlayImageFillTests {
    @Test("a rounded rectangle's fast middle draws what per-pixel coverage draws", arguments: [0.0, 2.5, 3, 10])
    func roundedRectMatchesCoverage(radius: Double) {
        let rect = OverlayRect(x: 2, y: 1, width: 33, height: 5)
        let color = OverlayColor(red: 250, green: 250, blue: 250, alpha: 230)
        var drawn = Self.started()
        drawn.fillRoundedRect(rect, radius: radius, color)
        var reference = Self.started()
        let r = min(radius, Double(min(rect.width, rect.height)) / 2)
        let (left, right) = (Double(rect.x) + r, Double(rect.maxX) - r)
        let (top, bottom) = (Double(rect.y) + r, Double(rect.maxY) - r)
        for y in rect.y..<rect.maxY {
            for x in rect.x..<rect.maxX {
                let (px, py) = (Double(x) + 0.5, Double(y) + 0.5)
                let dx = px < left ? left - px : (px > right ? px - right : 0)
                let dy = py < top ? top - py : (py > bottom ? py - bottom : 0)
                let coverage = dx == 0 && dy == 0 ? 1 : min(max(r - (dx * dx + dy * dy).squareRoot() + 0.5, 0), 1)
                reference.blend(at: (y * reference.width + x) * 4, color, coverage: coverage)
            }
        }
        #expect(drawn == reference)
    }
}
