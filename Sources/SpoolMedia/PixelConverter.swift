internal import CFFmpeg
public import SpoolCore

/// Converts decoded pictures to another pixel format and optionally another size
/// (libswscale), for outputs that cannot show a frame's own format. Only then: a
/// conversion is the one place a picture is copied.
///
/// The scaler is created on first use and re-created only when the input's or the
/// target's geometry or format changes (`sws_getCachedContext`).
///
/// Pointer ownership: owns its `SwsContext` (`sws_freeContext` in `deinit`). Confinement:
/// used by one thread at a time (the decode or render thread); not `Sendable`.
public final class PixelConverter {
    private var context: OpaquePointer?

    /// How the picture is resampled when the size changes; `ffmpeg`'s default is bicubic.
    public enum Scaling: Sendable {
        /// Fast and blocky.
        case fastBilinear
        /// Smooth, a good default.
        case bilinear
        /// Sharper, what `ffmpeg` uses unless told otherwise.
        case bicubic
    }

    /// The scaling algorithm.
    public let scaling: Scaling

    /// A converter; nothing is allocated until the first `convert`.
    public init(scaling: Scaling = .bicubic) {
        self.scaling = scaling
    }

    deinit {
        sws_freeContext(context)
    }

    /// A new frame holding `frame`'s picture in `format`, scaled to `width`×`height` (the
    /// frame's own size when `nil`), with the same presentation time and duration. Throws
    /// `.invalidArgument` for a format FFmpeg does not know or cannot convert to.
    public func convert(
        _ frame: DecodedVideoFrame, to format: PixelFormat, width: Int? = nil, height: Int? = nil
    ) throws(FFmpegError) -> DecodedVideoFrame {
        let target = av_get_pix_fmt(format.rawValue)
        let targetWidth = Int32(clamping: width ?? frame.width)
        let targetHeight = Int32(clamping: height ?? frame.height)
        guard target != AV_PIX_FMT_NONE, targetWidth > 0, targetHeight > 0 else { throw .invalidArgument }
        let converted = try frame.withFrame { (source: UnsafePointer<AVFrame>) throws(FFmpegError) in
            try scale(source, to: target, width: targetWidth, height: targetHeight)
        }
        return DecodedVideoFrame(
            owning: converted, presentationTime: frame.presentationTime, duration: frame.duration,
            packetDuration: frame.packetDuration, displayGeometry: frame.displayGeometry)
    }

    private func scale(
        _ source: UnsafePointer<AVFrame>, to format: AVPixelFormat, width: Int32, height: Int32
    ) throws(FFmpegError) -> UnsafeMutablePointer<AVFrame> {
        let input = source.pointee
        context = sws_getCachedContext(
            context, input.width, input.height, AVPixelFormat(rawValue: input.format), width, height, format,
            flags, nil, nil, nil)
        guard let context else { throw .invalidArgument }
        guard let output = av_frame_alloc() else { throw .outOfMemory }
        do {
            output.pointee.format = format.rawValue
            output.pointee.width = width
            output.pointee.height = height
            try FFmpegCall.check(av_frame_get_buffer(output, 0))
            try FFmpegCall.check(av_frame_copy_props(output, source))
            try FFmpegCall.check(sws_scale_frame(context, output, source))
        } catch {
            var failed: UnsafeMutablePointer<AVFrame>? = output
            av_frame_free(&failed)
            throw error
        }
        return output
    }

    private var flags: Int32 {
        switch scaling {
        case .fastBilinear: SWS_FAST_BILINEAR
        case .bilinear: SWS_BILINEAR
        case .bicubic: SWS_BICUBIC
        }
    }
}
