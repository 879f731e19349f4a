/// A pixel layout, named as FFmpeg names it (`av_get_pix_fmt_name`): "yuv420p", "nv12", "rgba"….
///
/// Using FFmpeg's names keeps the mapping exact without putting a C enum in a public API.
public struct PixelFormat: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// FFmpeg's name of the format.
    public let rawValue: String

    /// Wraps FFmpeg's name of a format.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Planar 4:2:0 YUV, 8 bits: what most H.264/VP9 decodes to; SDL shows it directly.
    public static let yuv420p = PixelFormat(rawValue: "yuv420p")
    /// Full-range planar 4:2:0 YUV (JPEG), 8 bits.
    public static let yuvj420p = PixelFormat(rawValue: "yuvj420p")
    /// Semi-planar 4:2:0 YUV, 8 bits.
    public static let nv12 = PixelFormat(rawValue: "nv12")
    /// Packed 8-bit RGBA.
    public static let rgba = PixelFormat(rawValue: "rgba")
    /// Packed 8-bit BGRA.
    public static let bgra = PixelFormat(rawValue: "bgra")

    /// FFmpeg's name.
    public var description: String { rawValue }
}
