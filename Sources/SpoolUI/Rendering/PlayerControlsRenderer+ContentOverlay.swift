extension PlayerControlsRenderer {
    /// Draws `layers` in order (later ones over earlier ones) within `picture`, before
    /// anything of the controls, so the controls stay on top.
    func drawContentOverlay(_ layers: [ContentOverlayLayer], in picture: OverlayRect, on canvas: inout OverlayCanvas) {
        for layer in layers where layer.opacity > 0 {
            let margin = canvas.px(layer.margin)
            switch layer.content {
            case .image(let image):
                let (x, y) = layer.origin(width: image.width, height: image.height, in: picture, margin: margin)
                canvas.image.blend(image, atX: x, y: y, opacity: layer.opacity)
            case .text(let text, let size, let color, let isBold):
                let font = isBold ? bold : regular
                let mask = font.mask(text, size: max(canvas.px(size), 6))
                guard mask.width > 0 else { continue }
                let (x, y) = layer.origin(width: mask.width, height: mask.height, in: picture, margin: margin)
                // A soft shadow keeps light text readable over a light picture.
                let shadow = max(canvas.px(1.5), 1)
                canvas.image.draw(mask, atX: x + shadow, y: y + shadow, OverlayColor.black.fading(0.6 * layer.opacity))
                canvas.image.draw(mask, atX: x, y: y, color.fading(layer.opacity))
            }
        }
    }
}

extension OverlayImage {
    /// Blends `image` (straight alpha) at `opacity` over this image with its top-left corner
    /// at (`x`, `y`), clipped to this image.
    mutating func blend(_ image: OverlayImage, atX x: Int, y: Int, opacity: Double) {
        guard let (columns, rows) = clip(OverlayRect(x: x, y: y, width: image.width, height: image.height)) else {
            return
        }
        for row in rows {
            for column in columns {
                let source = ((row - y) * image.width + (column - x)) * 4
                let alpha = Double(image.pixels[source + 3]) / 255 * opacity
                guard alpha > 0 else { continue }
                let color = OverlayColor(
                    red: image.pixels[source], green: image.pixels[source + 1], blue: image.pixels[source + 2])
                blend(at: (row * width + column) * 4, color, coverage: alpha)
            }
        }
    }
}

extension PlayerControlsModel {
    /// This model with none of the controls drawn (no bar, no spinner): what a view without
    /// playback controls renders under its content overlay.
    var hidingControls: PlayerControlsModel {
        var hidden = self
        hidden.areControlsVisible = false
        hidden.isBufferingIndicatorVisible = false
        return hidden
    }
}
