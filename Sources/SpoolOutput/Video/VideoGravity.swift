/// How a video picture is placed in a window whose aspect ratio differs from the picture's
/// (AVFoundation's `AVLayerVideoGravity`).
public enum VideoGravity: String, Sendable, CaseIterable {
    /// The whole picture, as large as fits, centred, with its aspect kept: bars fill the rest.
    case resizeAspect
    /// The window filled, with the picture's aspect kept: what overflows is cropped, centred.
    case resizeAspectFill
    /// The picture stretched to the window, aspect ignored.
    case resize
}

/// A rectangle in whole pixels.
struct PixelRect: Equatable, Sendable {
    var x: Int
    var y: Int
    var width: Int
    var height: Int
}

/// Which part of a picture is drawn where: `source` in picture pixels, `destination` in
/// window (renderer output) pixels.
struct VideoPlacement: Equatable, Sendable {
    var source: PixelRect
    var destination: PixelRect
}

extension VideoGravity {
    /// Places a `content`-sized picture in `bounds`. Cropping is expressed as a smaller
    /// `source` rather than a `destination` that overflows the window, so no renderer has to
    /// clip. Empty sizes give empty rectangles.
    func placement(contentWidth: Int, contentHeight: Int, boundsWidth: Int, boundsHeight: Int) -> VideoPlacement {
        let full = PixelRect(x: 0, y: 0, width: contentWidth, height: contentHeight)
        let window = PixelRect(x: 0, y: 0, width: boundsWidth, height: boundsHeight)
        guard contentWidth > 0, contentHeight > 0, boundsWidth > 0, boundsHeight > 0 else {
            return VideoPlacement(source: full, destination: PixelRect(x: 0, y: 0, width: 0, height: 0))
        }
        switch self {
        case .resize:
            return VideoPlacement(source: full, destination: window)
        case .resizeAspect:
            // Compare cross products (exact integers) rather than two floating-point ratios.
            let size: (width: Int, height: Int)
            if contentWidth * boundsHeight >= boundsWidth * contentHeight {
                size = (boundsWidth, Self.rounded(boundsWidth * contentHeight, contentWidth))
            } else {
                size = (Self.rounded(boundsHeight * contentWidth, contentHeight), boundsHeight)
            }
            let destination = PixelRect(
                x: (boundsWidth - size.width) / 2, y: (boundsHeight - size.height) / 2,
                width: size.width, height: size.height)
            return VideoPlacement(source: full, destination: destination)
        case .resizeAspectFill:
            let size: (width: Int, height: Int)
            if contentWidth * boundsHeight >= boundsWidth * contentHeight {
                size = (Self.rounded(contentHeight * boundsWidth, boundsHeight), contentHeight)
            } else {
                size = (contentWidth, Self.rounded(contentWidth * boundsHeight, boundsWidth))
            }
            let source = PixelRect(
                x: (contentWidth - size.width) / 2, y: (contentHeight - size.height) / 2,
                width: max(1, size.width), height: max(1, size.height))
            return VideoPlacement(source: source, destination: window)
        }
    }

    /// `numerator / denominator` rounded to the nearest integer (both positive).
    private static func rounded(_ numerator: Int, _ denominator: Int) -> Int {
        (2 * numerator + denominator) / (2 * denominator)
    }
}

extension VideoGravity {
    /// Where the visible picture is in a `boundsWidth`×`boundsHeight` window, for what is drawn
    /// over it (subtitles): the letterboxed rectangle for `.resizeAspect`, the whole window for
    /// the other gravities (they cover it). Empty for empty sizes.
    public func pictureRect(contentWidth: Int, contentHeight: Int, boundsWidth: Int, boundsHeight: Int)
        -> (x: Int, y: Int, width: Int, height: Int)
    {
        let placed = placement(
            contentWidth: contentWidth, contentHeight: contentHeight, boundsWidth: boundsWidth,
            boundsHeight: boundsHeight
        ).destination
        return (placed.x, placed.y, placed.width, placed.height)
    }
}
