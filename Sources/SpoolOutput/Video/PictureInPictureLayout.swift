/// Where the Picture-in-Picture window goes and where its buttons are: pure geometry, so the
/// SDL thread only applies it and the rules are unit-tested.
///
/// The window is a quarter of the display's usable width, with the picture's aspect ratio,
/// in the bottom-right corner `margin` points from the edges. Two buttons sit in its top
/// corners: restore (back to the main window) on the left, close on the right.
struct PictureInPictureLayout: Equatable, Sendable {
    /// What a click at a point of the window means.
    enum Hit: Equatable, Sendable {
        case restore
        case close
        /// Anywhere else: the start of a drag.
        case body
    }

    /// The share of the display's usable width the window takes.
    static let widthFraction = 0.25
    /// Distance from the display's right and bottom edges, in screen coordinates.
    static let margin = 16
    /// The side of a button's square, and its distance from the window's edges.
    static let buttonSize = 28
    static let buttonInset = 6

    /// The window's frame in screen coordinates.
    let frame: PixelRect

    /// The window for a `contentWidth`×`contentHeight` picture on a display whose usable area
    /// is `bounds`. A picture with no size yet is taken as 16:9. The height never exceeds half
    /// the display (a tall portrait video is narrower instead).
    init(contentWidth: Int, contentHeight: Int, bounds: PixelRect) {
        let aspect =
            contentWidth > 0 && contentHeight > 0 ? Double(contentWidth) / Double(contentHeight) : 16.0 / 9.0
        var width = max(1, Int((Double(bounds.width) * Self.widthFraction).rounded()))
        var height = max(1, Int((Double(width) / aspect).rounded()))
        let maximumHeight = max(1, bounds.height / 2)
        if height > maximumHeight {
            height = maximumHeight
            width = max(1, Int((Double(height) * aspect).rounded()))
        }
        frame = PixelRect(
            x: bounds.x + bounds.width - width - Self.margin, y: bounds.y + bounds.height - height - Self.margin,
            width: width, height: height)
    }

    /// The restore button, in window coordinates.
    var restoreButton: PixelRect {
        PixelRect(x: Self.buttonInset, y: Self.buttonInset, width: Self.buttonSize, height: Self.buttonSize)
    }

    /// The close button, in window coordinates.
    var closeButton: PixelRect {
        PixelRect(
            x: frame.width - Self.buttonInset - Self.buttonSize, y: Self.buttonInset, width: Self.buttonSize,
            height: Self.buttonSize)
    }

    /// What a click at (`x`, `y`) in window coordinates hits.
    func hit(x: Int, y: Int) -> Hit {
        if restoreButton.contains(x: x, y: y) { return .restore }
        if closeButton.contains(x: x, y: y) { return .close }
        return .body
    }
}

extension PixelRect {
    /// Whether (`x`, `y`) lies inside (the right and bottom edges are outside).
    func contains(x px: Int, y py: Int) -> Bool {
        px >= x && py >= y && px < x + width && py < y + height
    }

    /// The rectangle scaled by `scale` (screen coordinates to renderer pixels on HiDPI).
    func scaled(by scale: Double) -> PixelRect {
        PixelRect(
            x: Int((Double(x) * scale).rounded()), y: Int((Double(y) * scale).rounded()),
            width: Int((Double(width) * scale).rounded()), height: Int((Double(height) * scale).rounded()))
    }
}
