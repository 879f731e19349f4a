/// A video size in pixels, written `WxH` in a playlist (RESOLUTION=1920x1080).
public struct Resolution: Sendable, Hashable, CustomStringConvertible {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int

    /// A size of `width` by `height` pixels.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// `"1920x1080"`.
    public var description: String { "\(width)x\(height)" }
}
