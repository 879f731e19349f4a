import Spool

/// Shapes drawn into an overlay image, composited "over" what is there, with soft edges
/// where a shape's outline crosses a pixel (coverage from 4×4 subsamples or distance).
extension OverlayImage {
    /// Blends `color` at `coverage` (0…1) over the pixel at `index` (its red byte).
    @inline(__always)
    mutating func blend(at index: Int, _ color: OverlayColor, coverage: Double = 1) {
        pixels.withUnsafeMutableBytes { Self.blend(color, coverage: coverage, into: $0, at: index) }
    }

    /// Blends `color` at `coverage` over the RGBA pixel at byte `index` of `bytes`: "over" with
    /// straight alpha, a plain copy onto a transparent pixel.
    @inline(__always)
    static func blend(_ color: OverlayColor, coverage: Double, into bytes: UnsafeMutableRawBufferPointer, at index: Int)
    {
        let sourceAlpha = Double(color.alpha) / 255 * coverage
        guard sourceAlpha > 0 else { return }
        if bytes[index + 3] == 0 {
            // Most of the overlay is drawn onto transparent pixels: a plain copy.
            bytes[index] = color.red
            bytes[index + 1] = color.green
            bytes[index + 2] = color.blue
            bytes[index + 3] = alphaByte(sourceAlpha)
            return
        }
        let destinationAlpha = Double(bytes[index + 3]) / 255
        let kept = destinationAlpha * (1 - sourceAlpha)
        let outAlpha = sourceAlpha + kept
        @inline(__always)
        func mix(_ source: UInt8, _ destination: UInt8) -> UInt8 {
            UInt8(min(max(((Double(source) * sourceAlpha + Double(destination) * kept) / outAlpha).rounded(), 0), 255))
        }
        bytes[index] = mix(color.red, bytes[index])
        bytes[index + 1] = mix(color.green, bytes[index + 1])
        bytes[index + 2] = mix(color.blue, bytes[index + 2])
        bytes[index + 3] = alphaByte(outAlpha)
    }

    /// An opacity (0…1) as the alpha byte the image stores.
    @inline(__always)
    private static func alphaByte(_ opacity: Double) -> UInt8 {
        UInt8(min(max((opacity * 255).rounded(), 0), 255))
    }

    /// The pixels of `rect` inside the image.
    func clip(_ rect: OverlayRect) -> (x: Range<Int>, y: Range<Int>)? {
        let (x0, y0) = (max(rect.x, 0), max(rect.y, 0))
        let (x1, y1) = (min(rect.maxX, width), min(rect.maxY, height))
        guard x0 < x1, y0 < y1 else { return nil }
        return (x0..<x1, y0..<y1)
    }

    /// Fills `rect` with `color`.
    mutating func fill(_ rect: OverlayRect, _ color: OverlayColor) {
        guard let (xs, ys) = clip(rect) else { return }
        for y in ys { fillRow(y, xs, color) }
    }

    /// Fills `rect` with `color` whose opacity goes from `top` to `bottom` (factors 0…1).
    mutating func fillGradient(_ rect: OverlayRect, _ color: OverlayColor, top: Double, bottom: Double) {
        guard let (xs, ys) = clip(rect) else { return }
        for y in ys {
            let t = rect.height > 1 ? Double(y - rect.y) / Double(rect.height - 1) : 1
            fillRow(y, xs, color.fading(top + (bottom - top) * t))
        }
    }

    /// `blend(at:)` over the pixels `xs` of row `y`, with the common case made cheap: the
    /// scrim and the bar are wide fills drawn first onto a transparent image, redrawn several
    /// times a second at the window's size, so a transparent pixel takes the colour as one
    /// 32-bit store and only the others go through the blend.
    private mutating func fillRow(_ y: Int, _ xs: Range<Int>, _ color: OverlayColor, coverage: Double = 1) {
        let sourceAlpha = Double(color.alpha) / 255 * coverage
        guard sourceAlpha > 0, !xs.isEmpty else { return }
        // What `blend` stores on a transparent pixel.
        let packed =
            UInt32(color.red) | UInt32(color.green) << 8 | UInt32(color.blue) << 16
            | UInt32(Self.alphaByte(sourceAlpha)) << 24
        let rowStart = (y * width + xs.lowerBound) * 4
        pixels.withUnsafeMutableBytes { bytes in
            guard let base = bytes.baseAddress else { return }
            if !RGBAAlphaScan.hasDrawnPixel(base + rowStart, count: xs.count) {
                // The usual case, a fill on nothing yet: one run of stores.
                (base + rowStart).initializeMemory(as: UInt32.self, repeating: packed.littleEndian, count: xs.count)
                return
            }
            for offset in stride(from: rowStart, to: rowStart + xs.count * 4, by: 4) {
                if bytes[offset + 3] == 0 {
                    bytes.storeBytes(of: packed.littleEndian, toByteOffset: offset, as: UInt32.self)
                } else {
                    Self.blend(color, coverage: coverage, into: bytes, at: offset)
                }
            }
        }
    }

    /// Draws `rect`'s outline `thickness` pixels wide, inside the rectangle.
    mutating func stroke(_ rect: OverlayRect, thickness: Int, _ color: OverlayColor) {
        fill(OverlayRect(x: rect.x, y: rect.y, width: rect.width, height: thickness), color)
        fill(OverlayRect(x: rect.x, y: rect.maxY - thickness, width: rect.width, height: thickness), color)
        fill(
            OverlayRect(x: rect.x, y: rect.y + thickness, width: thickness, height: rect.height - 2 * thickness), color)
        fill(
            OverlayRect(
                x: rect.maxX - thickness, y: rect.y + thickness, width: thickness, height: rect.height - 2 * thickness),
            color)
    }

    /// Fills `rect` with corners rounded to `radius`.
    mutating func fillRoundedRect(_ rect: OverlayRect, radius: Double, _ color: OverlayColor) {
        guard let (xs, ys) = clip(rect) else { return }
        let r = min(radius, Double(min(rect.width, rect.height)) / 2)
        let (left, right) = (Double(rect.x) + r, Double(rect.maxX) - r)
        let (top, bottom) = (Double(rect.y) + r, Double(rect.maxY) - r)
        /// How much of a pixel whose centre is `dx`, `dy` outside the inner rectangle is covered.
        func coverage(_ dx: Double, _ dy: Double) -> Double {
            dx == 0 && dy == 0 ? 1 : min(max(r - (dx * dx + dy * dy).squareRoot() + 0.5, 0), 1)
        }
        func distanceY(_ y: Int) -> Double {
            let py = Double(y) + 0.5
            return py < top ? top - py : (py > bottom ? py - bottom : 0)
        }
        func edge(_ y: Int, _ dy: Double, _ columns: Range<Int>) {
            for x in columns {
                let px = Double(x) + 0.5
                let dx = px < left ? left - px : (px > right ? px - right : 0)
                blend(at: (y * width + x) * 4, color, coverage: coverage(dx, dy))
            }
        }
        // The columns whose centres lie between the corners' columns are covered alike along a
        // row (fully between the corners' rows, by the distance to the edge above or below
        // otherwise: a pill-shaped track is all such rows): one fill at that coverage. Only the
        // corners need their coverage pixel by pixel.
        let inner =
            max(
                xs.lowerBound, Int((left - 0.5).rounded(.up)))..<min(
                xs.upperBound, Int((right - 0.5).rounded(.down)) + 1)
        for y in ys {
            let dy = distanceY(y)
            guard !inner.isEmpty else {
                edge(y, dy, xs)
                continue
            }
            edge(y, dy, xs.lowerBound..<inner.lowerBound)
            fillRow(y, inner, color, coverage: coverage(0, dy))
            edge(y, dy, inner.upperBound..<xs.upperBound)
        }
    }

    /// Fills the disc of `radius` around (`cx`, `cy`).
    mutating func fillCircle(cx: Double, cy: Double, radius: Double, _ color: OverlayColor) {
        let bounds = OverlayRect(
            x: Int((cx - radius).rounded(.down)) - 1, y: Int((cy - radius).rounded(.down)) - 1,
            width: Int(2 * radius) + 3, height: Int(2 * radius) + 3)
        guard let (xs, ys) = clip(bounds) else { return }
        for y in ys {
            for x in xs {
                let (dx, dy) = (Double(x) + 0.5 - cx, Double(y) + 0.5 - cy)
                let coverage = min(max(radius - (dx * dx + dy * dy).squareRoot() + 0.5, 0), 1)
                blend(at: (y * width + x) * 4, color, coverage: coverage)
            }
        }
    }

    /// Draws the ring between `radius - thickness` and `radius` around (`cx`, `cy`), only
    /// its pixels right of `fromX` when given (a speaker's sound waves).
    mutating func strokeCircle(
        cx: Double, cy: Double, radius: Double, thickness: Double, fromX: Int? = nil, _ color: OverlayColor
    ) {
        var bounds = OverlayRect(
            x: Int((cx - radius).rounded(.down)) - 1, y: Int((cy - radius).rounded(.down)) - 1,
            width: Int(2 * radius) + 3, height: Int(2 * radius) + 3)
        if let fromX, fromX > bounds.x {
            bounds = OverlayRect(x: fromX, y: bounds.y, width: bounds.maxX - fromX, height: bounds.height)
        }
        guard let (xs, ys) = clip(bounds) else { return }
        for y in ys {
            for x in xs {
                let (dx, dy) = (Double(x) + 0.5 - cx, Double(y) + 0.5 - cy)
                let distance = (dx * dx + dy * dy).squareRoot()
                let outer = min(max(radius - distance + 0.5, 0), 1)
                let inner = min(max(distance - (radius - thickness) + 0.5, 0), 1)
                blend(at: (y * width + x) * 4, color, coverage: min(outer, inner))
            }
        }
    }

    /// Fills the triangle with corners `a`, `b`, `c` (in pixel units, any winding).
    mutating func fillTriangle(
        _ a: (Double, Double), _ b: (Double, Double), _ c: (Double, Double), _ color: OverlayColor
    ) {
        let bounds = OverlayRect(
            x: Int(min(a.0, b.0, c.0).rounded(.down)), y: Int(min(a.1, b.1, c.1).rounded(.down)),
            width: Int(max(a.0, b.0, c.0).rounded(.up) - min(a.0, b.0, c.0).rounded(.down)) + 1,
            height: Int(max(a.1, b.1, c.1).rounded(.up) - min(a.1, b.1, c.1).rounded(.down)) + 1)
        guard let (xs, ys) = clip(bounds) else { return }
        func edge(_ p: (Double, Double), _ q: (Double, Double), _ x: Double, _ y: Double) -> Double {
            (q.0 - p.0) * (y - p.1) - (q.1 - p.1) * (x - p.0)
        }
        let area = edge(a, b, c.0, c.1)
        guard area != 0 else { return }
        for y in ys {
            for x in xs {
                var inside = 0
                for sy in 0..<4 {
                    for sx in 0..<4 {
                        let (px, py) = (Double(x) + (Double(sx) + 0.5) / 4, Double(y) + (Double(sy) + 0.5) / 4)
                        let (w0, w1, w2) = (edge(b, c, px, py), edge(c, a, px, py), edge(a, b, px, py))
                        if area > 0 ? (w0 >= 0 && w1 >= 0 && w2 >= 0) : (w0 <= 0 && w1 <= 0 && w2 <= 0) { inside += 1 }
                    }
                }
                if inside > 0 { blend(at: (y * width + x) * 4, color, coverage: Double(inside) / 16) }
            }
        }
    }

    /// Draws `mask` (coverage per pixel, a rendered text) in `color` with its top-left at
    /// (`x`, `y`).
    mutating func draw(_ mask: TextMask, atX x: Int, y: Int, _ color: OverlayColor) {
        guard let (xs, ys) = clip(OverlayRect(x: x, y: y, width: mask.width, height: mask.height)) else { return }
        for row in ys {
            for column in xs {
                let coverage = mask.coverage[(row - y) * mask.width + (column - x)]
                if coverage > 0 { blend(at: (row * width + column) * 4, color, coverage: Double(coverage) / 255) }
            }
        }
    }
}

/// A rendered line of text as coverage: 0 where there is no ink, 255 where it is solid.
struct TextMask: Sendable {
    let width: Int
    let height: Int
    let coverage: [UInt8]

    static let empty = TextMask(width: 0, height: 0, coverage: [])
}

extension OverlayImage {
    /// Copies `image` (opaque pixels, alpha ignored) with its top-left corner at (`x`, `y`),
    /// clipped to this image: a picture (a scrub preview, cover art) over the overlay.
    public mutating func copy(_ image: OverlayImage, atX x: Int, y: Int) {
        guard let (columns, rows) = clip(OverlayRect(x: x, y: y, width: image.width, height: image.height)) else {
            return
        }
        for row in rows {
            let source = ((row - y) * image.width + (columns.lowerBound - x)) * 4
            let target = (row * width + columns.lowerBound) * 4
            let count = columns.count * 4
            pixels.replaceSubrange(target..<target + count, with: image.pixels[source..<source + count])
            for index in stride(from: target + 3, to: target + count, by: 4) { pixels[index] = 255 }
        }
    }
}
