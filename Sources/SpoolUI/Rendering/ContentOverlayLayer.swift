public import Foundation
public import Spool

/// One non-interactive layer a `PlayerView` draws over the picture and under the controls
/// (AVPlayerViewController's `contentOverlayView`): a channel logo, a watermark, a line of
/// text. Layers never take input, and stay on screen while the controls hide.
public struct ContentOverlayLayer: Sendable, Equatable {
    /// What the layer shows.
    public enum Content: Sendable, Equatable {
        /// An RGBA picture with straight alpha, blended as it is (never scaled).
        case image(OverlayImage)
        /// One line of text at `size` design pixels (at 720 lines; it scales with the window).
        case text(String, size: Double, color: OverlayColor, bold: Bool)
    }

    /// Where in the picture the layer sits.
    public enum Anchor: Sendable, Equatable {
        /// The picture's top-left corner.
        case topLeading
        /// The picture's top-right corner.
        case topTrailing
        /// The picture's bottom-left corner.
        case bottomLeading
        /// The picture's bottom-right corner.
        case bottomTrailing
        /// The picture's middle.
        case center
    }

    /// What the layer shows.
    public var content: Content
    /// The picture's corner (or middle) the layer keeps to.
    public var anchor: Anchor
    /// The distance from the picture's edges, in design pixels (at 720 lines).
    public var margin: Double
    /// 0 (invisible) … 1 (as drawn).
    public var opacity: Double

    /// A layer; by default in the picture's top-right corner, 24 design pixels in, opaque.
    public init(_ content: Content, anchor: Anchor = .topTrailing, margin: Double = 24, opacity: Double = 1) {
        self.content = content
        self.anchor = anchor
        self.margin = margin
        self.opacity = min(max(opacity, 0), 1)
    }

    /// A logo from an image file (PNG with transparency, JPEG…) decoded by FFmpeg and fitted
    /// within `maximumSize`; `nil` when the file cannot be read or decoded.
    public static func image(
        contentsOf url: URL, maximumSize: PixelSize, anchor: Anchor = .topTrailing, margin: Double = 24,
        opacity: Double = 1
    ) async -> ContentOverlayLayer? {
        guard let data = try? Data(contentsOf: url),
            let decoded = await ArtworkImage.decode(data, maximumSize: maximumSize),
            let image = OverlayImage(width: decoded.width, height: decoded.height, pixels: decoded.rgba)
        else { return nil }
        return ContentOverlayLayer(.image(image), anchor: anchor, margin: margin, opacity: opacity)
    }

    /// The top-left corner of a `width`×`height` layer in `picture`, `margin` pixels in.
    func origin(width: Int, height: Int, in picture: OverlayRect, margin: Int) -> (x: Int, y: Int) {
        switch anchor {
        case .topLeading: (picture.x + margin, picture.y + margin)
        case .topTrailing: (picture.maxX - margin - width, picture.y + margin)
        case .bottomLeading: (picture.x + margin, picture.maxY - margin - height)
        case .bottomTrailing: (picture.maxX - margin - width, picture.maxY - margin - height)
        case .center: (picture.midX - width / 2, picture.midY - height / 2)
        }
    }
}
