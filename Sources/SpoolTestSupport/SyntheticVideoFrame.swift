public import SpoolCore

/// A video frame held in Swift arrays, for output tests: solid colours and four-colour
/// quadrants in the formats outputs take, with optional padding at the end of each row (so
/// an output that ignores `bytesPerRow` shows garbage instead of passing by luck).
public final class SyntheticVideoFrame: VideoFrame {
    /// `.zero` unless given.
    public let presentationTime: MediaTime
    /// `invalid`: synthetic frames have no natural duration.
    public let duration = MediaTime.invalid
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// The layout of `planes`.
    public let pixelFormat: PixelFormat
    /// The planes' bytes, each `bytesPerRow[i]` bytes per row.
    public let planes: [[UInt8]]
    /// Each plane's row stride.
    public let bytesPerRow: [Int]

    /// How the picture is to be shown (`.identity` unless given).
    public let displayGeometry: VideoDisplayGeometry

    /// The number of planes.
    public var planeCount: Int { planes.count }

    /// A frame with exactly these planes (no checking: tests also build malformed frames).
    public init(
        width: Int, height: Int, pixelFormat: PixelFormat, planes: [[UInt8]], bytesPerRow: [Int],
        presentationTime: MediaTime = .zero, displayGeometry: VideoDisplayGeometry = .identity
    ) {
        self.displayGeometry = displayGeometry
        self.width = width
        self.height = height
        self.pixelFormat = pixelFormat
        self.planes = planes
        self.bytesPerRow = bytesPerRow
        self.presentationTime = presentationTime
    }

    /// Lends plane `index` for the duration of `body`.
    public func withPlane<R>(_ index: Int, _ body: (_ bytes: RawSpan, _ bytesPerRow: Int) throws -> R) rethrows -> R {
        let plane = planes[index]
        return try body(plane.span.bytes, bytesPerRow[index])
    }

    /// The same picture, to be shown with `geometry`.
    public func shown(with geometry: VideoDisplayGeometry) -> SyntheticVideoFrame {
        SyntheticVideoFrame(
            width: width, height: height, pixelFormat: pixelFormat, planes: planes, bytesPerRow: bytesPerRow,
            presentationTime: presentationTime, displayGeometry: geometry)
    }
}

/// An 8-bit colour in RGB and in BT.601 limited-range YCbCr (what yuv420p and nv12 carry).
public struct SyntheticColor: Sendable, Equatable {
    /// Red, green, blue.
    public let red: UInt8, green: UInt8, blue: UInt8
    /// Luma, blue-difference and red-difference chroma (BT.601, 16...235 / 16...240).
    public let y: UInt8, u: UInt8, v: UInt8

    /// A colour given both ways (tests compare what is shown with `red`, `green`, `blue`).
    public init(red: UInt8, green: UInt8, blue: UInt8, y: UInt8, u: UInt8, v: UInt8) {
        (self.red, self.green, self.blue, self.y, self.u, self.v) = (red, green, blue, y, u, v)
    }

    /// Pure red.
    public static let red = SyntheticColor(red: 255, green: 0, blue: 0, y: 81, u: 90, v: 240)
    /// Pure green.
    public static let green = SyntheticColor(red: 0, green: 255, blue: 0, y: 145, u: 54, v: 34)
    /// Pure blue.
    public static let blue = SyntheticColor(red: 0, green: 0, blue: 255, y: 41, u: 240, v: 110)
    /// Black.
    public static let black = SyntheticColor(red: 0, green: 0, blue: 0, y: 16, u: 128, v: 128)
    /// White.
    public static let white = SyntheticColor(red: 255, green: 255, blue: 255, y: 235, u: 128, v: 128)
    /// Pure red with full-range (JPEG, yuvj420p) YCbCr.
    public static let fullRangeRed = SyntheticColor(red: 255, green: 0, blue: 0, y: 76, u: 85, v: 255)
}

extension SyntheticVideoFrame {
    /// The padding byte after each row: bright, so misread padding shows up.
    static let paddingByte: UInt8 = 0xEE

    /// A planar 4:2:0 frame of one colour: `.yuv420p` (limited range), or `.yuvj420p` when
    /// `fullRange` (pass a colour whose `y`, `u`, `v` are full range, like `.fullRangeRed`).
    public static func yuv420p(
        width: Int, height: Int, color: SyntheticColor, fullRange: Bool = false, rowPadding: Int = 0
    ) -> SyntheticVideoFrame {
        let chroma = (width: (width + 1) / 2, height: (height + 1) / 2)
        let luma = plane(width: width, height: height, padding: rowPadding) { _, _ in color.y }
        let blue = plane(width: chroma.width, height: chroma.height, padding: rowPadding) { _, _ in color.u }
        let red = plane(width: chroma.width, height: chroma.height, padding: rowPadding) { _, _ in color.v }
        return SyntheticVideoFrame(
            width: width, height: height, pixelFormat: fullRange ? .yuvj420p : .yuv420p,
            planes: [luma, blue, red], bytesPerRow: [width, chroma.width, chroma.width].map { $0 + rowPadding })
    }

    /// A semi-planar 4:2:0 (`.nv12`) frame of one colour.
    public static func nv12(width: Int, height: Int, color: SyntheticColor, rowPadding: Int = 0) -> SyntheticVideoFrame
    {
        let chroma = (width: (width + 1) / 2, height: (height + 1) / 2)
        let luma = plane(width: width, height: height, padding: rowPadding) { _, _ in color.y }
        let interleaved = plane(width: 2 * chroma.width, height: chroma.height, padding: rowPadding) { x, _ in
            x % 2 == 0 ? color.u : color.v
        }
        return SyntheticVideoFrame(
            width: width, height: height, pixelFormat: .nv12, planes: [luma, interleaved],
            bytesPerRow: [width + rowPadding, 2 * chroma.width + rowPadding])
    }

    /// The byte orders of packed frames.
    public enum PackedOrder: Sendable {
        /// Red, green, blue, alpha (`.rgba`).
        case rgba
        /// Blue, green, red, alpha (`.bgra`).
        case bgra
    }

    /// A packed frame of one colour, opaque.
    public static func packed(
        _ order: PackedOrder = .rgba, width: Int, height: Int, color: SyntheticColor, rowPadding: Int = 0
    ) -> SyntheticVideoFrame {
        packed(order, width: width, height: height, rowPadding: rowPadding) { _, _ in color }
    }

    /// A packed frame split into four opaque rectangles of the given colours, meeting at
    /// (`splitX`, `splitY`) — the centre unless given (an off-centre split shows which part
    /// of a picture a window crops).
    public static func quadrants(
        _ order: PackedOrder = .rgba, width: Int, height: Int, topLeft: SyntheticColor, topRight: SyntheticColor,
        bottomLeft: SyntheticColor, bottomRight: SyntheticColor, splitX: Int? = nil, splitY: Int? = nil,
        rowPadding: Int = 0
    ) -> SyntheticVideoFrame {
        let (splitX, splitY) = (splitX ?? width / 2, splitY ?? height / 2)
        return packed(order, width: width, height: height, rowPadding: rowPadding) { x, y in
            switch (x < splitX, y < splitY) {
            case (true, true): topLeft
            case (false, true): topRight
            case (true, false): bottomLeft
            case (false, false): bottomRight
            }
        }
    }

    /// A packed, opaque frame whose pixel (`x`, `y`) is `colorAt(x, y)`.
    public static func packed(
        _ order: PackedOrder = .rgba, width: Int, height: Int, rowPadding: Int = 0,
        colorAt: (_ x: Int, _ y: Int) -> SyntheticColor
    ) -> SyntheticVideoFrame {
        var pixels: [UInt8] = []
        pixels.reserveCapacity((4 * width + rowPadding) * height)
        for y in 0..<height {
            for x in 0..<width {
                let color = colorAt(x, y)
                let (first, third) = order == .rgba ? (color.red, color.blue) : (color.blue, color.red)
                pixels.append(first)
                pixels.append(color.green)
                pixels.append(third)
                pixels.append(255)
            }
            pixels.append(contentsOf: repeatElement(paddingByte, count: rowPadding))
        }
        return SyntheticVideoFrame(
            width: width, height: height, pixelFormat: order == .rgba ? .rgba : .bgra, planes: [pixels],
            bytesPerRow: [4 * width + rowPadding])
    }

    /// `height` rows of `width` bytes from `byte(column, row)`, each followed by `padding`
    /// padding bytes.
    private static func plane(
        width: Int, height: Int, padding: Int, byte: (_ column: Int, _ row: Int) -> UInt8
    ) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity((width + padding) * height)
        for row in 0..<height {
            for column in 0..<width { bytes.append(byte(column, row)) }
            bytes.append(contentsOf: repeatElement(paddingByte, count: padding))
        }
        return bytes
    }
}
