internal import CFFmpeg
public import Foundation

/// Encodes pictures as PNG files with FFmpeg's `png` encoder (libavcodec), so the bytes are
/// what `ffmpeg … OUT.png` writes for the same pixels.
///
/// The input is packed RGBA (4 bytes a pixel, rows without padding). The alpha channel is
/// dropped and the file is written as 8-bit RGB (`rgb24`), the format `ffmpeg` picks for a
/// video frame; video has no transparency, so nothing is lost for a decoded picture.
///
/// Pointer ownership: each call makes and frees its own codec context, frame and packet;
/// nothing outlives the call, so the encoder is stateless and `Sendable`.
public struct PNGEncoder: Sendable {
    /// An encoder.
    public init() {}

    /// The PNG file for the `width`×`height` picture in `rgba`. Throws `.invalidArgument` when
    /// the size is not positive or `rgba` does not hold exactly `width * height * 4` bytes,
    /// `.notSupported` when FFmpeg was built without the png encoder.
    public func encode(rgba: [UInt8], width: Int, height: Int) throws(FFmpegError) -> Data {
        guard width > 0, height > 0, width <= 1 << 15, height <= 1 << 15, rgba.count == width * height * 4 else {
            throw .invalidArgument
        }
        guard let codec = avcodec_find_encoder(AV_CODEC_ID_PNG) else { throw .notSupported }
        var context = avcodec_alloc_context3(codec)
        defer { avcodec_free_context(&context) }
        var frame = av_frame_alloc()
        defer { av_frame_free(&frame) }
        var packet = av_packet_alloc()
        defer { av_packet_free(&packet) }
        guard let context, let frame, let packet else { throw .outOfMemory }
        context.pointee.width = Int32(width)
        context.pointee.height = Int32(height)
        context.pointee.pix_fmt = AV_PIX_FMT_RGB24
        // Unused by a still-image encoder, but avcodec_open2 refuses a context without one.
        context.pointee.time_base = AVRational(num: 1, den: 25)
        try FFmpegCall.check(avcodec_open2(context, codec, nil))

        frame.pointee.format = AV_PIX_FMT_RGB24.rawValue
        frame.pointee.width = Int32(width)
        frame.pointee.height = Int32(height)
        try FFmpegCall.check(av_frame_get_buffer(frame, 0))
        try FFmpegCall.check(av_frame_make_writable(frame))
        Self.fill(frame, from: rgba, width: width, height: height)
        frame.pointee.pts = 0

        try FFmpegCall.check(avcodec_send_frame(context, frame))
        try FFmpegCall.check(avcodec_send_frame(context, nil))
        var output = Data()
        while true {
            guard case .done = try FFmpegCall.progress(avcodec_receive_packet(context, packet)) else { break }
            if let bytes = packet.pointee.data, packet.pointee.size > 0 {
                output.append(bytes, count: Int(packet.pointee.size))
            }
            av_packet_unref(packet)
        }
        guard !output.isEmpty else { throw .invalidData }
        return output
    }

    /// Copies the RGB of each pixel into the frame's first plane, row by row (its rows may be
    /// padded beyond `width * 3` bytes).
    private static func fill(_ frame: UnsafeMutablePointer<AVFrame>, from rgba: [UInt8], width: Int, height: Int) {
        let stride = Int(frame.pointee.linesize.0)
        guard let base = frame.pointee.data.0 else { return }
        rgba.withUnsafeBufferPointer { source in
            for row in 0..<height {
                let line = base + row * stride
                let start = row * width * 4
                for column in 0..<width {
                    let pixel = start + column * 4
                    line[column * 3] = source[pixel]
                    line[column * 3 + 1] = source[pixel + 1]
                    line[column * 3 + 2] = source[pixel + 2]
                }
            }
        }
    }
}
