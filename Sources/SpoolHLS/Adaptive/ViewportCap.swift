/// The viewport constraint (ExoPlayer's `setViewportSize`): a variant is worth more pixels
/// only while the output can show them.
///
/// Each variant's picture is fitted into the viewport keeping its aspect ratio (letterboxed
/// or pillarboxed, as `resizeAspect` draws it); a variant *covers* the viewport when it is at
/// least as large as that fitted picture — 98% of it is enough, so a window a few pixels
/// short of a rung (a title bar, a panel) does not push the choice up one rung. The cap is
/// the pixel count of the smallest covering variant: nothing larger is chosen, so a
/// 320-pixel window never gets 1080p. When no variant covers the viewport, the cap is none
/// (the largest variant is the best the output can get).
public enum ViewportCap {
    /// How much of the fitted size a variant must reach to cover it (ExoPlayer's
    /// `FRACTION_TO_CONSIDER_FULLSCREEN`).
    public static let coverFraction = 0.98

    /// The most pixels (width × height) a variant may have for `viewport`, given the
    /// resolutions on offer; `nil` when none covers it or the viewport is empty.
    public static func maximumPixelCount(for viewport: Resolution, among resolutions: [Resolution]) -> Int? {
        guard viewport.width > 0, viewport.height > 0 else { return nil }
        let covering = resolutions.filter { covers($0, viewport: viewport) }
        return covering.map { $0.width * $0.height }.min()
    }

    /// Whether a picture of `size` shown aspect-fitted in `viewport` has at least
    /// `coverFraction` of the pixels the viewport gives it, in both dimensions.
    public static func covers(_ size: Resolution, viewport: Resolution) -> Bool {
        guard size.width > 0, size.height > 0 else { return false }
        let fitted = fittedSize(of: size, in: viewport)
        return Double(size.width) >= Double(fitted.width) * coverFraction
            && Double(size.height) >= Double(fitted.height) * coverFraction
    }

    /// The size a picture of `size` takes when scaled to fit `viewport` with its aspect ratio
    /// kept: the viewport's width when the picture is relatively wider, else its height
    /// (rounded up, so a fit is never understated).
    public static func fittedSize(of size: Resolution, in viewport: Resolution) -> Resolution {
        // Compared as cross products: exact, no rounding.
        if size.width * viewport.height >= size.height * viewport.width {
            let height = (viewport.width * size.height + size.width - 1) / size.width
            return Resolution(width: viewport.width, height: height)
        }
        let width = (viewport.height * size.width + size.height - 1) / size.height
        return Resolution(width: width, height: viewport.height)
    }
}
