/// An image being drawn plus what drawing it needs: the layout's scale and the fonts.
struct OverlayCanvas {
    /// How text sits in its rectangle across.
    enum Alignment {
        case left, center, right
    }

    var image: OverlayImage
    let scale: Double
    let regular: TextRasterizer
    let bold: TextRasterizer

    /// `value` design pixels (at 720 high) in this image's pixels.
    func px(_ value: Double) -> Int { Int((value * scale).rounded()) }

    /// Draws one line of `text` at `size` design pixels, centred down `rect` and aligned across
    /// it, shortened with "…" when it would not fit.
    mutating func text(
        _ text: String, size: Double, bold isBold: Bool, in rect: OverlayRect, alignment: Alignment,
        _ color: OverlayColor
    ) {
        let font = isBold ? bold : regular
        let pixels = max(px(size), 6)
        let line = font.truncated(text, size: pixels, toWidth: rect.width)
        let mask = font.mask(line, size: pixels)
        guard mask.width > 0 else { return }
        let x =
            switch alignment {
            case .left: rect.x
            case .center: rect.midX - mask.width / 2
            case .right: rect.maxX - mask.width
            }
        image.draw(mask, atX: x, y: rect.midY - mask.height / 2, color)
    }

    /// Splits `text` into at most `maxLines` lines that fit `width` at `size` (the last one
    /// shortened with "…").
    func wrap(_ text: String, size: Double, bold isBold: Bool, width: Int, maxLines: Int) -> [String] {
        let font = isBold ? bold : regular
        let pixels = max(px(size), 6)
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            let candidate = current.isEmpty ? String(word) : "\(current) \(word)"
            if font.measure(candidate, size: pixels).width <= width || current.isEmpty {
                current = candidate
            } else {
                lines.append(current)
                current = String(word)
            }
        }
        if !current.isEmpty { lines.append(current) }
        guard lines.count > maxLines else { return lines }
        let kept = Array(lines.prefix(maxLines - 1))
        let rest = lines[(maxLines - 1)...].joined(separator: " ")
        return kept + [font.truncated(rest, size: pixels, toWidth: width)]
    }
}
