/// An image drawn over the video, covering the whole window: on-screen controls, subtitles, a
/// logo. RGBA with straight (not premultiplied) alpha, rows from the top, SDL's RGBA32 byte
/// order, so it is uploaded without conversion and blended as `src·α + dst·(1−α)`.
///
/// An output stretches the overlay to the window when their sizes differ (between a resize and
/// the next overlay drawn for the new size), so it is never misplaced, only briefly soft.
public struct VideoOverlay: Sendable, Equatable {
    /// Pixels across.
    public let width: Int
    /// Pixels down.
    public let height: Int
    /// `width × height × 4` bytes: red, green, blue, alpha.
    public let pixels: [UInt8]

    /// An overlay from its RGBA bytes; `nil` unless the size is positive and there are exactly
    /// `width × height × 4` bytes.
    public init?(width: Int, height: Int, pixels: [UInt8]) {
        guard width > 0, height > 0, pixels.count == width * height * 4 else { return nil }
        self.width = width
        self.height = height
        self.pixels = pixels
    }
}
