internal import CPixelBlend

/// The overlay blend of SDL's software renderer's window: straight-alpha RGBA over opaque
/// XRGB8888 (see CPixelBlend for why it is C).
enum OverlayPixelBlend {
    /// Blends `count` RGBA pixels from `source` over the `count` words at `destination`
    /// (0xXXRRGGBB), leaving them opaque: each colour channel becomes
    /// round((source · α + destination · (255 − α)) / 255).
    static func blend(rgba source: UnsafePointer<UInt8>, over destination: UnsafeMutablePointer<UInt32>, count: Int) {
        guard count > 0 else { return }
        pixel_blend_rgba_over_xrgb(source, destination, count)
    }
}
