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

    /// One picture of a bitmap cue: straight-alpha RGBA pixels at a place on the reference
    /// size, as the subtitle decoder copied them out (the same type, passed on as it is).
    public typealias Image = SubtitleBitmap
}
