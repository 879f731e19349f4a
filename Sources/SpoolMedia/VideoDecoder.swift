internal import CFFmpeg
import SpoolCore

/// Decodes one video stream's packets into `DecodedVideoFrame`s, in presentation order.
///
/// The feed loop: `send` a packet; while `receiveFrame()` returns `.frame`, pass frames
/// on; on `.needsInput` send the next packet (on `.full`, receive first, then resend the
/// same packet). At the end `sendEndOfStream()` and receive until `.endOfStream`. After a
/// seek, `flush()`.
///
/// Frames are the decoder's own buffers moved out, never copied. Confinement: used by one
/// thread at a time (the video decode thread); not `Sendable`.
public final class VideoDecoder {
    /// The stream being decoded.
    public let stream: MediaStreamInfo
    private let decoder: DecoderContext
    /// One frame at the stream's guessed frame rate, in stream ticks; `nil` if unknown.
    private let frameTicks: Int64?
    /// Where the next frame falls if the decoder gives it no timestamp.
    private var predictedTicks: Int64?

    /// Opens a decoder for `stream` (which must be video). `threadCount` 0 means automatic
    /// (one thread per core, as `ffmpeg` does by default); frame and slice threading are
    /// both allowed. Throws `.decoderNotFound` when FFmpeg has no decoder for the codec.
    public init(stream: MediaStreamInfo, threadCount: Int = 0) throws(FFmpegError) {
        guard stream.kind == .video else { throw .invalidArgument }
        self.stream = stream
        decoder = try DecoderContext(stream: stream, threadCount: threadCount)
        let rate = stream.guessedFrameRate
        frameTicks =
            rate.isPositive
            ? max(
                av_rescale_q(1, AVRational(num: rate.denominator, den: rate.numerator), stream.timeBase.avRational), 1)
            : nil
    }

    /// Offers the next packet of the stream. `.full` means: receive frames, then offer
    /// the same packet again. Throws for a packet of another stream (`.invalidArgument`)
    /// and for data the decoder rejects (`.invalidData`): a player skips such a packet.
    public func send(_ packet: DemuxedPacket) throws(FFmpegError) -> DecoderInput {
        guard packet.streamIndex == stream.index else { throw .invalidArgument }
        return try decoder.send(packet)
    }

    /// Tells the decoder no more packets come, so it returns the frames it holds back.
    /// `.full` means: receive frames, then call again.
    @discardableResult
    public func sendEndOfStream() throws(FFmpegError) -> DecoderInput {
        try decoder.send(nil)
    }

    /// The next decoded frame, `.needsInput`, or `.endOfStream` once every frame has come
    /// out after `sendEndOfStream()`.
    public func receiveFrame() throws(FFmpegError) -> DecoderOutput<DecodedVideoFrame> {
        switch try decoder.receive() {
        case .tryAgain: return .needsInput
        case .endOfStream: return .endOfStream
        case .done: break
        }
        var frame = try decoder.takeReceived()
        if Self.hasNegativeStride(frame) { frame = try Self.copyWithPositiveStrides(frame) }
        let value = frame.pointee
        let ticks =
            value.best_effort_timestamp != cffmpeg_nopts_value()
            ? value.best_effort_timestamp
            : predictedTicks ?? stream.startTime.ticks(in: stream.timeBase) ?? 0
        let packetTicks: Int64? = value.pkt_duration > 0 ? value.pkt_duration : nil
        let durationTicks = packetTicks ?? frameTicks
        predictedTicks = ticks + (durationTicks ?? 0)
        let geometry = VideoDisplayGeometry(
            orientation: DisplayMatrix(frame: frame)?.orientation ?? stream.orientation,
            pixelAspectRatio: stream.pixelAspectRatio(frameRatio: Rational(value.sample_aspect_ratio)))
        return .frame(
            DecodedVideoFrame(
                owning: frame,
                presentationTime: MediaTime(ticks: ticks, timeBase: stream.timeBase),
                duration: durationTicks.map { MediaTime(ticks: $0, timeBase: stream.timeBase) } ?? .invalid,
                packetDuration: packetTicks.map { MediaTime(ticks: $0, timeBase: stream.timeBase) } ?? .invalid,
                displayGeometry: geometry))
    }

    /// While `true`, frames no other frame refers to are not decoded at all: set it, packet by
    /// packet, for the part of a seek's pre-roll shown before the target (those frames are
    /// discarded anyway, and no other frame depends on them).
    public var skipsNonReferenceFrames: Bool {
        get { decoder.skipsNonReferenceFrames }
        set { decoder.skipsNonReferenceFrames = newValue }
    }

    /// Discards every buffered packet and frame: call after `Demuxer.seek(to:)`. The
    /// decoder accepts packets again, also after end of stream.
    public func flush() {
        decoder.flush()
        predictedTicks = nil
    }

    private static func hasNegativeStride(_ frame: UnsafeMutablePointer<AVFrame>) -> Bool {
        withUnsafeBytes(of: frame.pointee.linesize) { sizes in
            (0..<Int(AV_NUM_DATA_POINTERS)).contains {
                sizes.load(fromByteOffset: $0 * MemoryLayout<Int32>.stride, as: Int32.self) < 0
            }
        }
    }

    /// A bottom-up picture (negative strides, from a few raw formats) copied into a normal
    /// top-down one, because `VideoFrame` lends planes as forward spans. Frees `frame`.
    private static func copyWithPositiveStrides(
        _ frame: UnsafeMutablePointer<AVFrame>
    ) throws(FFmpegError) -> UnsafeMutablePointer<AVFrame> {
        var source: UnsafeMutablePointer<AVFrame>? = frame
        defer { av_frame_free(&source) }
        guard let copy = av_frame_alloc() else { throw .outOfMemory }
        do {
            copy.pointee.format = frame.pointee.format
            copy.pointee.width = frame.pointee.width
            copy.pointee.height = frame.pointee.height
            try FFmpegCall.check(av_frame_get_buffer(copy, 0))
            try FFmpegCall.check(av_frame_copy(copy, frame))
            try FFmpegCall.check(av_frame_copy_props(copy, frame))
        } catch {
            var failed: UnsafeMutablePointer<AVFrame>? = copy
            av_frame_free(&failed)
            throw error
        }
        return copy
    }
}
