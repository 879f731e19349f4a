internal import CFFmpeg

/// An `AVFormatContext` opened for reading on Spool's custom I/O, with cancellation wired in.
///
/// Pointer ownership:
/// - Owns the `AVFormatContext`; `deinit` closes it with `avformat_close_input`. Because
///   `AVFMT_FLAG_CUSTOM_IO` is set, FFmpeg never frees `pb`: the `ByteSourceIOContext`
///   does, and it is a stored property here, so it is released only after the format
///   context is closed.
/// - The context stores unretained pointers to the I/O bridge and the interrupt flag; both
///   are stored properties, so they outlive every use FFmpeg makes of them.
/// - FFmpeg's own URL opening (`io_open`) is replaced by a refusal, so a playlist-like
///   container cannot make FFmpeg read files or URLs behind the byte source's back.
///
/// Thread confinement: created, used and freed on one thread (the probe or demux thread);
/// only the interrupt flag is touched from elsewhere. Hence not `Sendable`.
///
/// Global state: the container format is probed first (`av_probe_input_buffer2`, what
/// `avformat_open_input` does itself when given none), so that a format with process-wide
/// state (`DemuxerGlobalState`) is opened, read and sought under its lock, and no other is.
final class InputFormatContext {
    private var context: UnsafeMutablePointer<AVFormatContext>?
    private let io: ByteSourceIOContext
    private let interrupt: InterruptFlag
    /// Whether every call into this context holds `DemuxerGlobalState`'s lock.
    private let isSerialised: Bool

    /// Opens the container: probes the format and reads the header (`avformat_open_input`).
    /// `formatHint` is a file name or path whose extension helps FFmpeg choose a demuxer.
    /// Throws `.exit` when the interrupt flag was raised meanwhile.
    init(io: ByteSourceIOContext, interrupt: InterruptFlag, formatHint: String) throws(FFmpegError) {
        self.io = io
        self.interrupt = interrupt
        guard let allocated = avformat_alloc_context() else { throw .outOfMemory }
        io.withContext { allocated.pointee.pb = $0 }
        allocated.pointee.flags |= cffmpeg_avfmt_flag_custom_io()
        allocated.pointee.interrupt_callback = interrupt.callback
        allocated.pointee.io_open = { _, _, _, _, _ in FFmpegError.notPermitted.rawValue }
        // The probe leaves what it read buffered in `pb`, so FFmpeg's own probe inside
        // avformat_open_input reads the same bytes again from memory and finds the same format
        // (it is left to probe, rather than given the format, so its probe score and every
        // other effect of the open stay FFmpeg's own).
        var format: UnsafePointer<AVInputFormat>?
        let probed = io.withContext { av_probe_input_buffer2($0, &format, formatHint, nil, 0, 0) }
        isSerialised =
            probed >= 0
            && format.map { DemuxerGlobalState.serialisedFormats.contains(String(cString: $0.pointee.name)) }
                ?? false
        var opening: UnsafeMutablePointer<AVFormatContext>? = allocated
        // On failure avformat_open_input frees the context and sets `opening` to nil; the
        // custom pb is left alone, as documented for AVFMT_FLAG_CUSTOM_IO.
        let code = DemuxerGlobalState.call(serialised: isSerialised) {
            avformat_open_input(&opening, formatHint, nil, nil)
        }
        context = opening
        try FFmpegCall.check(code)
    }

    deinit {
        DemuxerGlobalState.call(serialised: isSerialised) { avformat_close_input(&context) }
    }

    /// Reads packets until every stream's codec parameters are known
    /// (`avformat_find_stream_info`). Throws `.exit` when interrupted.
    func findStreamInfo() throws(FFmpegError) {
        try FFmpegCall.check(
            DemuxerGlobalState.call(serialised: isSerialised) { avformat_find_stream_info(context, nil) })
        // FFmpeg 5.1 stops at the interrupt but then reports success if any stream has
        // parameters; a half-read result must not pass for a finished one.
        if interrupt.isRaised { throw .exit }
    }

    /// Makes FFmpeg stop when `flag` is raised from now on, as well as the flag it was opened
    /// with: a container the probe opened answers the demuxer's canceller once handed over.
    /// The callback FFmpeg holds (and has copied into inner contexts) keeps pointing at the
    /// first flag, which stays alive with this context and follows `flag`.
    func rebind(interrupt flag: InterruptFlag) {
        interrupt.follow(flag)
    }

    /// Lends the open context to `body`; the pointer must not escape it.
    func withContext<Result, Failure: Error>(
        _ body: (UnsafeMutablePointer<AVFormatContext>) throws(Failure) -> Result
    ) throws(Failure) -> Result? {
        guard let context else { return nil }
        return try DemuxerGlobalState.call(serialised: isSerialised) { () throws(Failure) -> Result in
            try body(context)
        }
    }
}
