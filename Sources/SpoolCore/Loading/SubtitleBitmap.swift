/// One picture of a bitmap subtitle (PGS, DVD, DVB): straight-alpha RGBA pixels and where
/// they go on the presentation the subtitle was authored for (the decoded subtitle's or the cue's reference size).
///
/// It owns its pixels, so it outlives the decoder's subtitle it was copied from and may cross
/// threads. `LegibleCue.Image` is this type: the decoder's picture reaches a renderer as it is.
public struct SubtitleBitmap: Sendable, Hashable {
    /// The left edge, in the reference size's pixels.
    public let x: Int
    /// The top edge, in the reference size's pixels.
    public let y: Int
    /// The width in pixels; `pixels` has `width * height * 4` bytes.
    public let width: Int
    /// The height in pixels.
    public let height: Int
    /// R, G, B, A bytes per pixel, rows top to bottom, no padding; alpha not premultiplied.
    public let pixels: [UInt8]

    /// A bitmap; `nil` unless `pixels` holds exactly `width * height` RGBA pixels.
    public init?(x: Int, y: Int, width: Int, height: Int, pixels: [UInt8]) {
        guard width > 0, height > 0, pixels.count == width * height * 4 else { return nil }
        (self.x, self.y, self.width, self.height, self.pixels) = (x, y, width, height, pixels)
    }

    /// The colour of the pixel at (`column`, `row`) of the bitmap: red, green, blue, alpha.
    public func color(column: Int, row: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        let index = (row * width + column) * 4
        return (pixels[index], pixels[index + 1], pixels[index + 2], pixels[index + 3])
    }
}
