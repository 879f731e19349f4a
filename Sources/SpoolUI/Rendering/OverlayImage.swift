/// A colour with straight (not premultiplied) alpha, 0…255 per channel.
public struct OverlayColor: Sendable, Hashable {
    /// Red.
    public var red: UInt8
    /// Green.
    public var green: UInt8
    /// Blue.
    public var blue: UInt8
    /// Opacity: 0 transparent, 255 opaque.
    public var alpha: UInt8

    /// A colour from its channels.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// This colour with its opacity multiplied by `factor` (0…1).
    public func fading(_ factor: Double) -> OverlayColor {
        var faded = self
        faded.alpha = UInt8(min(max(Double(alpha) * factor, 0), 255).rounded())
        return faded
    }

    /// Opaque white.
    public static let white = OverlayColor(red: 255, green: 255, blue: 255)
    /// Opaque black.
    public static let black = OverlayColor(red: 0, green: 0, blue: 0)
    /// Fully transparent.
    public static let clear = OverlayColor(red: 0, green: 0, blue: 0, alpha: 0)
}

/// An RGBA image with straight alpha, row by row from the top (SDL_PIXELFORMAT_RGBA32's byte
/// order), the form the overlay texture is uploaded in. Starts fully transparent.
public struct OverlayImage: Sendable, Equatable {
    /// Pixels across.
    public let width: Int
    /// Pixels down.
    public let height: Int
    /// `width × height × 4` bytes: red, green, blue, alpha.
    public internal(set) var pixels: [UInt8]

    /// A transparent image of `width` × `height`.
    public init(width: Int, height: Int) {
        self.width = max(width, 0)
        self.height = max(height, 0)
        pixels = [UInt8](repeating: 0, count: self.width * self.height * 4)
    }

    /// An image of `width` × `height` from its RGBA bytes; `nil` unless there are exactly
    /// `width × height × 4` of them.
    public init?(width: Int, height: Int, pixels: [UInt8]) {
        guard width >= 0, height >= 0, pixels.count == width * height * 4 else { return nil }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The colour at (`x`, `y`); clear outside the image.
    public func color(atX x: Int, y: Int) -> OverlayColor {
        guard x >= 0, y >= 0, x < width, y < height else { return .clear }
        let index = (y * width + x) * 4
        return OverlayColor(
            red: pixels[index], green: pixels[index + 1], blue: pixels[index + 2], alpha: pixels[index + 3])
    }

    /// Whether every pixel of `rect` (clipped to the image) is fully transparent.
    public func isTransparent(in rect: OverlayRect) -> Bool {
        minimumAlpha(in: rect, maximum: true) == 0
    }

    /// The smallest alpha in `rect` (clipped to the image); 0 for an empty rectangle.
    public func minimumAlpha(in rect: OverlayRect) -> UInt8 {
        minimumAlpha(in: rect, maximum: false)
    }

    private func minimumAlpha(in rect: OverlayRect, maximum: Bool) -> UInt8 {
        let (x0, y0) = (max(rect.x, 0), max(rect.y, 0))
        let (x1, y1) = (min(rect.maxX, width), min(rect.maxY, height))
        guard x0 < x1, y0 < y1 else { return 0 }
        var result: UInt8 = maximum ? 0 : 255
        for y in y0..<y1 {
            for x in x0..<x1 {
                let alpha = pixels[(y * width + x) * 4 + 3]
                result = maximum ? max(result, alpha) : min(result, alpha)
            }
        }
        return result
    }

    /// The part of the image inside `rect` (clipped to the image).
    public func cropped(to rect: OverlayRect) -> OverlayImage {
        let (x0, y0) = (max(rect.x, 0), max(rect.y, 0))
        let (x1, y1) = (min(rect.maxX, width), min(rect.maxY, height))
        var crop = OverlayImage(width: max(x1 - x0, 0), height: max(y1 - y0, 0))
        for row in 0..<crop.height {
            let source = ((y0 + row) * width + x0) * 4
            crop.pixels.replaceSubrange(
                (row * crop.width * 4)..<((row + 1) * crop.width * 4), with: pixels[source..<(source + crop.width * 4)])
        }
        return crop
    }
}
