import SpoolCore

/// Where a stored picture goes when it is shown turned and with non-square pixels: what
/// `SDL_RenderCopyEx` takes. SDL mirrors the `source` part of the texture, stretches it to
/// `destination`, and turns that about its centre by `orientation`; the result covers `shown`.
struct OrientedVideoPlacement: Equatable, Sendable {
    /// The part of the texture drawn, in texture (stored) pixels.
    var source: PixelRect
    /// The window rectangle before turning, in renderer pixels: `shown` itself when the
    /// picture is upright or upside down, `shown` with its sides swapped about the same
    /// centre when it lies on its side. Fractional so the centre stays exact.
    var destination: (x: Double, y: Double, width: Double, height: Double)
    /// The window rectangle the picture covers once turned.
    var shown: PixelRect
    /// The turn and mirror to apply.
    var orientation: VideoOrientation

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.source == rhs.source && lhs.shown == rhs.shown && lhs.orientation == rhs.orientation
            && lhs.destination == rhs.destination
    }
}

extension VideoGravity {
    /// Places a `textureWidth`×`textureHeight` stored picture, shown with `geometry`, in a
    /// `boundsWidth`×`boundsHeight` window: the gravity works on the shown size (turned, square
    /// pixels), and a crop (`.resizeAspectFill`) is taken back into texture pixels — it is
    /// centred, so mirroring and the direction of the turn do not move it.
    func placement(
        textureWidth: Int, textureHeight: Int, geometry: VideoDisplayGeometry, boundsWidth: Int, boundsHeight: Int
    ) -> OrientedVideoPlacement {
        let shownSize = geometry.displaySize(width: textureWidth, height: textureHeight)
        let placed = placement(
            contentWidth: shownSize.width, contentHeight: shownSize.height, boundsWidth: boundsWidth,
            boundsHeight: boundsHeight)
        let swaps = geometry.orientation.swapsDimensions
        let upright = geometry.uprightSize(width: textureWidth, height: textureHeight)
        // The crop in upright (square-pixel, unturned) pixels, then in stored pixels.
        let crop = swaps ? (placed.source.height, placed.source.width) : (placed.source.width, placed.source.height)
        let sourceWidth = Self.scaled(crop.0, textureWidth, upright.width)
        let sourceHeight = Self.scaled(crop.1, textureHeight, upright.height)
        let source = PixelRect(
            x: (textureWidth - sourceWidth) / 2, y: (textureHeight - sourceHeight) / 2, width: sourceWidth,
            height: sourceHeight)
        let shown = placed.destination
        let (width, height) = swaps ? (shown.height, shown.width) : (shown.width, shown.height)
        let centre = (x: Double(shown.x) + Double(shown.width) / 2, y: Double(shown.y) + Double(shown.height) / 2)
        return OrientedVideoPlacement(
            source: source,
            destination: (centre.x - Double(width) / 2, centre.y - Double(height) / 2, Double(width), Double(height)),
            shown: shown, orientation: geometry.orientation)
    }

    /// `value × numerator / denominator`, rounded, within 1...numerator (a crop never exceeds
    /// the texture); `numerator` itself for an empty denominator.
    private static func scaled(_ value: Int, _ numerator: Int, _ denominator: Int) -> Int {
        guard denominator > 0 else { return numerator }
        return min(max(1, (2 * value * numerator + denominator) / (2 * denominator)), max(numerator, 1))
    }
}
