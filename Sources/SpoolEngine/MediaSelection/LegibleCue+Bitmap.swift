public import SpoolCore

extension LegibleCue {
    /// The pictures of a bitmap subtitle (PGS, DVD, DVB) as its author placed them: positions
    /// and sizes in the pixels of a presentation of `referenceSize`, which a renderer scales to
    /// the video's rectangle on screen. Drawn as they are: no caption style applies, and they
    /// do not move out of the way of controls.
    public struct Bitmap: Sendable, Hashable {
        /// The presentation the images' positions refer to (the subtitle stream's own size,
        /// else the video's).
        public var referenceSize: PixelSize
        /// The pictures, in stacking order (later ones over earlier ones); empty clears.
        public var images: [Image]

        /// A cue's pictures.
        public init(referenceSize: PixelSize, images: [Image]) {
            self.referenceSize = referenceSize
            self.images = images
        }
    }

    /// One picture of a bitmap cue: straight-alpha RGBA pixels at a place on the reference size.
    public struct Image: Sendable, Hashable {
        /// The left edge, in reference pixels.
        public let x: Int
        /// The top edge, in reference pixels.
        public let y: Int
        /// The width in pixels.
        public let width: Int
        /// The height in pixels.
        public let height: Int
        /// R, G, B, A bytes per pixel, rows top to bottom without padding (`width * height * 4`
        /// bytes); alpha not premultiplied.
        public let pixels: [UInt8]

        /// An image; `nil` unless `pixels` holds exactly `width * height` RGBA pixels.
        public init?(x: Int, y: Int, width: Int, height: Int, pixels: [UInt8]) {
            guard width > 0, height > 0, pixels.count == width * height * 4 else { return nil }
            (self.x, self.y, self.width, self.height, self.pixels) = (x, y, width, height, pixels)
        }

        /// The colour at (`column`, `row`) of the image: red, green, blue, alpha.
        public func color(column: Int, row: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
            let index = (row * width + column) * 4
            return (pixels[index], pixels[index + 1], pixels[index + 2], pixels[index + 3])
        }
    }
}
