/// A picture size in pixels (the `CGSize` of `preferredMaximumResolution`, and a video
/// output's `viewportSize`).
public struct PixelSize: Sendable, Hashable, CustomStringConvertible {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int

    /// A size.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// "WxH".
    public var description: String { "\(width)x\(height)" }
}
