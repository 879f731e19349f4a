internal import CFFmpeg

/// Opening an FFmpeg subtitle decoder's context, shared by `SubtitleDecoder` (a stream's own
/// codec) and `ClosedCaptionDecoder` (`ccaption`, fed bytes from the video).
enum SubtitleCodecContext {
    /// An opened context for `codec`, set up by `configure` before it opens, and the ASS
    /// script header the decoder's events refer to (empty when it gives none). The caller owns
    /// the context and frees it with `avcodec_free_context`; it is freed here if opening fails.
    static func open(
        _ codec: UnsafePointer<AVCodec>,
        configure: (UnsafeMutablePointer<AVCodecContext>) throws(FFmpegError) -> Void
    ) throws(FFmpegError) -> (context: UnsafeMutablePointer<AVCodecContext>, header: String) {
        guard let context = avcodec_alloc_context3(codec) else { throw .outOfMemory }
        var opened = false
        defer {
            if !opened {
                var owned: UnsafeMutablePointer<AVCodecContext>? = context
                avcodec_free_context(&owned)
            }
        }
        try configure(context)
        try FFmpegCall.check(avcodec_open2(context, codec, nil))
        opened = true
        let header =
            context.pointee.subtitle_header.map { bytes in
                String(
                    decoding: UnsafeBufferPointer(start: bytes, count: Int(context.pointee.subtitle_header_size)),
                    as: UTF8.self)
            } ?? ""
        return (context, header)
    }
}
