/// A point in the overlay, in window pixels from the top-left corner (SDL's mouse coordinates).
public struct OverlayPoint: Sendable, Hashable, CustomStringConvertible {
    /// Pixels from the left edge.
    public var x: Int
    /// Pixels from the top edge.
    public var y: Int

    /// The point at (`x`, `y`).
    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }

    /// "(x, y)".
    public var description: String { "(\(x), \(y))" }
}

/// A size in window pixels.
public struct OverlaySize: Sendable, Hashable, CustomStringConvertible {
    /// Pixels across.
    public var width: Int
    /// Pixels down.
    public var height: Int

    /// A size of `width` × `height` (negative values count as zero).
    public init(width: Int, height: Int) {
        self.width = max(width, 0)
        self.height = max(height, 0)
    }

    /// "WxH".
    public var description: String { "\(width)x\(height)" }
}

/// An axis-aligned rectangle in window pixels: `x..<x+width` across, `y..<y+height` down.
public struct OverlayRect: Sendable, Hashable, CustomStringConvertible {
    /// The left edge.
    public var x: Int
    /// The top edge.
    public var y: Int
    /// Pixels across (never negative).
    public var width: Int
    /// Pixels down (never negative).
    public var height: Int

    /// A rectangle with its top-left corner at (`x`, `y`).
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(width, 0)
        self.height = max(height, 0)
    }

    /// The first column past the right edge.
    public var maxX: Int { x + width }
    /// The first row past the bottom edge.
    public var maxY: Int { y + height }
    /// The centre column (rounded down).
    public var midX: Int { x + width / 2 }
    /// The centre row (rounded down).
    public var midY: Int { y + height / 2 }
    /// Whether the rectangle covers no pixel.
    public var isEmpty: Bool { width == 0 || height == 0 }

    /// Whether `point` is one of the rectangle's pixels (the right and bottom edges are out).
    public func contains(_ point: OverlayPoint) -> Bool {
        point.x >= x && point.x < maxX && point.y >= y && point.y < maxY
    }

    /// Whether the two rectangles share a pixel.
    public func intersects(_ other: OverlayRect) -> Bool {
        x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
    }

    /// The rectangle shrunk by `dx` on the left and right and `dy` on the top and bottom.
    public func insetBy(dx: Int, dy: Int) -> OverlayRect {
        OverlayRect(x: x + dx, y: y + dy, width: width - 2 * dx, height: height - 2 * dy)
    }

    /// "(x, y, w×h)".
    public var description: String { "(\(x), \(y), \(width)×\(height))" }
}
