internal import CFFmpeg
import SpoolCore

/// Turns decoded pictures into packed RGBA bytes (4 bytes a pixel, rows without padding,
/// alpha 255), optionally scaled down: what a thumbnail or screenshot hands to an app.
///
/// The picture goes through one libswscale conversion to `rgb24` with bicubic scaling —
/// the conversion the `ffmpeg` CLI makes for `OUT.png` (its default `sws_flags` are
/// `bicubic`, and the png encoder takes `rgb24`), so the pixels equal ffmpeg's for the same
/// frame and size — and the alpha byte is added while packing.
///
/// Confinement: owns a `PixelConverter`; used by one thread at a time; not `Sendable`.
public final class RGBAImageConverter {
    private let converter = PixelConverter(scaling: .bicubic)

    /// A converter; nothing is allocated until the first `convert`.
    public init() {}

    /// The size a `width`×`height` picture gets when it must fit inside `maximum` keeping its
    /// aspect ratio (AVAssetImageGenerator's `maximumSize`): never larger than the picture,
    /// each side at least 1. A zero (or negative) side of `maximum` leaves that side free.
    public static func fittedSize(width: Int, height: Int, maximum: (width: Int, height: Int)?) -> (Int, Int) {
        guard let maximum, width > 0, height > 0 else { return (width, height) }
        var scale = 1.0
        if maximum.width > 0 { scale = min(scale, Double(maximum.width) / Double(width)) }
        if maximum.height > 0 { scale = min(scale, Double(maximum.height) / Double(height)) }
        guard scale < 1 else { return (width, height) }
        let fitted = (
            max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded()))
        )
        return (min(fitted.0, width), min(fitted.1, height))
    }

    /// `frame`'s picture as packed RGBA at `width`×`height` (its own size when `nil`).
    /// Throws `.invalidArgument` for a size that is not positive or a format swscale cannot read.
    public func convert(
        _ frame: DecodedVideoFrame, width: Int? = nil, height: Int? = nil
    ) throws(FFmpegError) -> (width: Int, height: Int, rgba: [UInt8]) {
        let rgb = try converter.convert(frame, to: PixelFormat(rawValue: "rgb24"), width: width, height: height)
        let outputWidth = rgb.width
        let outputHeight = rgb.height
        let packed = rgb.withFrame { (source: UnsafePointer<AVFrame>) -> [UInt8] in
            let stride = Int(source.pointee.linesize.0)
            guard let base = source.pointee.data.0, stride >= outputWidth * 3 else { return [] }
            return [UInt8](unsafeUninitializedCapacity: outputWidth * outputHeight * 4) { buffer, count in
                for row in 0..<outputHeight {
                    let line = base + row * stride
                    let start = row * outputWidth * 4
                    for column in 0..<outputWidth {
                        let pixel = start + column * 4
                        buffer[pixel] = line[column * 3]
                        buffer[pixel + 1] = line[column * 3 + 1]
                        buffer[pixel + 2] = line[column * 3 + 2]
                        buffer[pixel + 3] = 255
                    }
                }
                count = outputWidth * outputHeight * 4
            }
        }
        guard !packed.isEmpty else { throw .invalidArgument }
        return (outputWidth, outputHeight, packed)
    }
}
