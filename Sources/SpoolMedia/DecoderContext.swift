internal import CFFmpeg

/// The send/receive core both decoders share: an opened `AVCodecContext` and the frame it
/// decodes into.
///
/// Pointer ownership: owns the codec context (`avcodec_free_context` in `deinit`) and one
/// scratch `AVFrame` that `receive()` fills; `takeReceived()` moves the picture's buffer
/// references out into a new `AVFrame` for the caller to own, so nothing is copied and the
/// scratch frame is reused for every frame.
///
/// Thread confinement: used by one decode thread at a time; not `Sendable`. With frame
/// threading FFmpeg runs its own worker threads inside, invisible from here.
final class DecoderContext {
    private let context: UnsafeMutablePointer<AVCodecContext>
    private let received: UnsafeMutablePointer<AVFrame>

    /// Opens the decoder for `stream`. `threadCount` 0 lets FFmpeg pick (one per core, like
    /// the `ffmpeg` CLI's default `-threads auto`); frame and slice threading are allowed.
    init(stream: MediaStreamInfo, threadCount: Int) throws(FFmpegError) {
        let codec = try stream.codecParameters.withParameters { parameters throws(FFmpegError) in
            guard let codec = avcodec_find_decoder(parameters.pointee.codec_id) else { throw .decoderNotFound }
            return codec
        }
        guard let context = avcodec_alloc_context3(codec) else { throw .outOfMemory }
        guard let frame = av_frame_alloc() else {
            var owned: UnsafeMutablePointer<AVCodecContext>? = context
            avcodec_free_context(&owned)
            throw .outOfMemory
        }
        self.context = context
        self.received = frame
        // From here `deinit` frees both, whether or not opening succeeds.
        try stream.codecParameters.withParameters { parameters throws(FFmpegError) in
            _ = try FFmpegCall.check(avcodec_parameters_to_context(context, parameters))
        }
        // The packets' time base: decoders use it for timestamps and best_effort_timestamp.
        context.pointee.pkt_timebase = stream.timeBase.avRational
        context.pointee.thread_count = Int32(clamping: max(threadCount, 0))
        context.pointee.thread_type = FF_THREAD_FRAME | FF_THREAD_SLICE
        try FFmpegCall.check(avcodec_open2(context, codec, nil))
    }

    deinit {
        var frame: UnsafeMutablePointer<AVFrame>? = received
        av_frame_free(&frame)
        var owned: UnsafeMutablePointer<AVCodecContext>? = context
        avcodec_free_context(&owned)
    }

    /// Offers `packet` (`nil`: end of stream, which makes the decoder return its delayed frames).
    func send(_ packet: DemuxedPacket?) throws(FFmpegError) -> DecoderInput {
        let code = packet?.withPacket { avcodec_send_packet(context, $0) } ?? avcodec_send_packet(context, nil)
        switch try FFmpegCall.progress(code) {
        case .done: return .accepted
        case .tryAgain: return .full
        case .endOfStream: return .endOfStream
        }
    }

    /// Decodes the next frame into the scratch frame: `.done` when one is there.
    func receive() throws(FFmpegError) -> FFmpegCall.Progress {
        try FFmpegCall.progress(avcodec_receive_frame(context, received))
    }

    /// The frame `receive()` just produced, moved into a new `AVFrame` the caller owns.
    func takeReceived() throws(FFmpegError) -> UnsafeMutablePointer<AVFrame> {
        guard let frame = av_frame_alloc() else {
            av_frame_unref(received)
            throw .outOfMemory
        }
        av_frame_move_ref(frame, received)
        return frame
    }

    /// Whether the decoder may skip frames no other frame refers to (a seek's pre-roll: frames
    /// before the target are decoded only to be discarded, and non-reference ones cannot
    /// change the target's picture).
    var skipsNonReferenceFrames: Bool {
        get { context.pointee.skip_frame == AVDISCARD_NONREF }
        set { context.pointee.skip_frame = newValue ? AVDISCARD_NONREF : AVDISCARD_DEFAULT }
    }

    /// Drops every buffered packet and frame (after a seek); the decoder then takes input
    /// again, also after end of stream was sent.
    func flush() {
        av_frame_unref(received)
        avcodec_flush_buffers(context)
    }
}
