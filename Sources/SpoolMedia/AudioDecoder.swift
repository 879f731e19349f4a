internal import CFFmpeg
import SpoolCore

/// Decodes one audio stream's packets into `DecodedAudioFrame`s, in order.
///
/// The same feed loop as `VideoDecoder`: `send`, then `receiveFrame()` until
/// `.needsInput`; at the end `sendEndOfStream()` and receive until `.endOfStream`; after a
/// seek, `flush()`. Confinement: used by one thread at a time (the audio decode thread);
/// not `Sendable`.
public final class AudioDecoder {
    /// The stream being decoded.
    public let stream: MediaStreamInfo
    private let decoder: DecoderContext
    /// Where the next frame starts if the decoder gives it no timestamp, in stream ticks.
    private var predictedTicks: Int64?

    /// Opens a decoder for `stream` (which must be audio). Throws `.decoderNotFound` when
    /// FFmpeg has no decoder for the codec.
    public init(stream: MediaStreamInfo) throws(FFmpegError) {
        guard stream.kind == .audio else { throw .invalidArgument }
        self.stream = stream
        // Audio decoders gain nothing from threads; FFmpeg would use one anyway.
        decoder = try DecoderContext(stream: stream, threadCount: 1)
    }

    /// Offers the next packet of the stream; `.full` means: receive frames, then offer the
    /// same packet again. Throws for a packet of another stream (`.invalidArgument`) and for
    /// data the decoder rejects: a player skips such a packet.
    public func send(_ packet: DemuxedPacket) throws(FFmpegError) -> DecoderInput {
        guard packet.streamIndex == stream.index else { throw .invalidArgument }
        return try decoder.send(packet)
    }

    /// Tells the decoder no more packets come, so it returns what it holds back.
    @discardableResult
    public func sendEndOfStream() throws(FFmpegError) -> DecoderInput {
        try decoder.send(nil)
    }

    /// The next decoded frame, `.needsInput`, or `.endOfStream` once everything has come
    /// out after `sendEndOfStream()`.
    public func receiveFrame() throws(FFmpegError) -> DecoderOutput<DecodedAudioFrame> {
        switch try decoder.receive() {
        case .tryAgain: return .needsInput
        case .endOfStream: return .endOfStream
        case .done: break
        }
        let frame = try decoder.takeReceived()
        let value = frame.pointee
        let ticks =
            value.best_effort_timestamp != cffmpeg_nopts_value()
            ? value.best_effort_timestamp
            : predictedTicks ?? stream.startTime.ticks(in: stream.timeBase) ?? 0
        if value.sample_rate > 0 {
            let samples = av_rescale_q(
                Int64(value.nb_samples), AVRational(num: 1, den: value.sample_rate), stream.timeBase.avRational)
            predictedTicks = ticks + samples
        }
        return .frame(
            DecodedAudioFrame(owning: frame, presentationTime: MediaTime(ticks: ticks, timeBase: stream.timeBase)))
    }

    /// Discards every buffered packet and frame: call after `Demuxer.seek(to:)`.
    public func flush() {
        decoder.flush()
        predictedTicks = nil
    }
}
