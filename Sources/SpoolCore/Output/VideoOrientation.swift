/// How a decoded picture is turned for display: what a container's display matrix (MP4/MOV
/// `tkhd`, Matroska projection, an H.264 display-orientation SEI) asks for, reduced to the
/// eight ways of laying a rectangle on the screen with its edges upright.
///
/// The picture is mirrored (left and right swapped) first, then turned clockwise by
/// `quarterTurns` × 90°: the order SDL's `SDL_RenderCopyEx` applies a flip and an angle in.
/// A phone recording held upright has `quarterTurns == 1` (its `rotate` tag says 90).
public struct VideoOrientation: Sendable, Hashable, CustomStringConvertible {
    /// Clockwise quarter turns, 0...3.
    public let quarterTurns: Int
    /// Whether the picture is mirrored (horizontally, before turning).
    public let isMirrored: Bool

    /// `quarterTurns` clockwise quarter turns (any integer, taken modulo 4), after mirroring
    /// when `mirrored`.
    public init(quarterTurns: Int, mirrored: Bool = false) {
        self.quarterTurns = ((quarterTurns % 4) + 4) % 4
        self.isMirrored = mirrored
    }

    /// Shown as stored.
    public static let identity = VideoOrientation(quarterTurns: 0)

    /// The clockwise angle in degrees: 0, 90, 180 or 270.
    public var degrees: Int { quarterTurns * 90 }

    /// Whether the displayed picture is the stored one on its side (90° or 270°), so its
    /// width is the stored height.
    public var swapsDimensions: Bool { quarterTurns % 2 == 1 }

    /// "90°", "270° mirrored", "0°".
    public var description: String { "\(degrees)°" + (isMirrored ? " mirrored" : "") }
}

/// The shape of one stored pixel, as a ratio of its width to its height (FFmpeg's sample
/// aspect ratio, AVFoundation's pixel aspect ratio): 1:1 for square pixels; 4:3 for a
/// 640x480 picture meant to be seen at 16:9.
public struct PixelAspectRatio: Sendable, Hashable, CustomStringConvertible {
    /// The pixel's relative width.
    public let horizontalSpacing: Int
    /// The pixel's relative height.
    public let verticalSpacing: Int

    /// A ratio; a part that is not positive (FFmpeg's `0/1`, "unknown") gives square pixels.
    public init(horizontalSpacing: Int, verticalSpacing: Int) {
        if horizontalSpacing > 0, verticalSpacing > 0 {
            self.horizontalSpacing = horizontalSpacing
            self.verticalSpacing = verticalSpacing
        } else {
            self.horizontalSpacing = 1
            self.verticalSpacing = 1
        }
    }

    /// Square pixels.
    public static let square = PixelAspectRatio(horizontalSpacing: 1, verticalSpacing: 1)

    /// Whether pixels are square.
    public var isSquare: Bool { horizontalSpacing == verticalSpacing }

    /// "4:3".
    public var description: String { "\(horizontalSpacing):\(verticalSpacing)" }
}

/// Everything that makes the shown picture differ from the stored one: the pixel shape and
/// the orientation. The shown size is the stored size with non-square pixels stretched (the
/// wider or taller side grows, as mpv and AVFoundation do, so no detail is lost), then turned.
public struct VideoDisplayGeometry: Sendable, Hashable, CustomStringConvertible {
    /// How the picture is turned.
    public var orientation: VideoOrientation
    /// The shape of a stored pixel.
    public var pixelAspectRatio: PixelAspectRatio

    /// A geometry.
    public init(orientation: VideoOrientation = .identity, pixelAspectRatio: PixelAspectRatio = .square) {
        self.orientation = orientation
        self.pixelAspectRatio = pixelAspectRatio
    }

    /// Shown exactly as stored.
    public static let identity = VideoDisplayGeometry()

    /// The size, in square pixels, of a `width`×`height` stored picture as it is shown:
    /// stretched to square pixels, then turned. Zero sizes stay zero.
    public func displaySize(width: Int, height: Int) -> PixelSize {
        let upright = uprightSize(width: width, height: height)
        return orientation.swapsDimensions
            ? PixelSize(width: upright.height, height: upright.width) : upright
    }

    /// The size with square pixels, before turning.
    public func uprightSize(width: Int, height: Int) -> PixelSize {
        guard width > 0, height > 0, !pixelAspectRatio.isSquare else { return PixelSize(width: width, height: height) }
        let (h, v) = (pixelAspectRatio.horizontalSpacing, pixelAspectRatio.verticalSpacing)
        // Rounded to the nearest pixel, with exact integers (the ratio may be 64:45).
        if h > v { return PixelSize(width: max(1, (2 * width * h + v) / (2 * v)), height: height) }
        return PixelSize(width: width, height: max(1, (2 * height * v + h) / (2 * h)))
    }

    /// "90°, 4:3".
    public var description: String { "\(orientation), \(pixelAspectRatio)" }
}
