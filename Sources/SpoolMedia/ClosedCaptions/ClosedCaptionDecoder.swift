internal import CFFmpeg
public import SpoolCore

/// Turns CEA-608 `cc_data` triplets into captions with FFmpeg's own `ccaption` decoder
/// (AV_CODEC_ID_EIA_608, what `ffmpeg` and mpv use for `subcc` and A/53 side data): pop-on,
/// roll-up and paint-on captions come out as ASS events, each when the screen it shows is
/// replaced or erased (so its end is known).
///
/// Pointer ownership: owns its `AVCodecContext` (freed in `deinit`); each `decode` call makes
/// and frees its own packet. Not `Sendable`: one thread at a time.
public final class ClosedCaptionDecoder {
    /// The ASS script header the events refer to (FFmpeg's, for the decoder's styles).
    public let header: String
    private let context: UnsafeMutablePointer<AVCodecContext>
    /// Packet times are given in microseconds.
    private static let timeBase = AVRational(num: 1, den: 1_000_000)

    /// Opens the decoder. Throws `.decoderNotFound` when this FFmpeg has no `ccaption`.
    public init() throws(FFmpegError) {
        guard let codec = avcodec_find_decoder(AV_CODEC_ID_EIA_608) else { throw .decoderNotFound }
        let opened = try SubtitleCodecContext.open(codec) { context in
            context.pointee.pkt_timebase = Self.timeBase
            context.pointee.time_base = Self.timeBase
        }
        context = opened.context
        header = opened.header
    }

    deinit {
        var owned: UnsafeMutablePointer<AVCodecContext>? = context
        avcodec_free_context(&owned)
    }

    /// Feeds the triplets of the frame presented at `time`; returns the caption they
    /// completed, if any, timed by the decoder (its start is when it was shown, earlier
    /// than `time`). Frames must come in presentation order (`CaptionReorderBuffer`).
    public func decode(_ data: [UInt8], at time: MediaTime) throws(FFmpegError) -> DecodedSubtitle? {
        guard !data.isEmpty, let micros = time.ticks(in: Rational(Self.timeBase)) else { return nil }
        guard let packet = av_packet_alloc() else { throw .outOfMemory }
        defer {
            var owned: UnsafeMutablePointer<AVPacket>? = packet
            av_packet_free(&owned)
        }
        try FFmpegCall.check(av_new_packet(packet, Int32(data.count)))
        // av_new_packet gave the packet a buffer of its own (plus zeroed padding): filled here,
        // freed with the packet.
        UnsafeMutableRawBufferPointer(start: packet.pointee.data, count: data.count).copyBytes(from: data)
        packet.pointee.pts = micros
        packet.pointee.dts = micros
        var subtitle = AVSubtitle()
        var got: Int32 = 0
        try FFmpegCall.check(avcodec_decode_subtitle2(context, &subtitle, &got, packet))
        guard got != 0 else { return nil }
        defer { avsubtitle_free(&subtitle) }
        var events: [String] = []
        for index in 0..<Int(subtitle.num_rects) {
            guard let rect = subtitle.rects[index], let ass = rect.pointee.ass else { continue }
            var line = String(cString: ass)
            while line.hasSuffix("\n") || line.hasSuffix("\r") { line.removeLast() }
            events.append(line)
        }
        // sub->pts is in AV_TIME_BASE (microseconds), the display times in milliseconds.
        guard !events.isEmpty, subtitle.pts != cffmpeg_nopts_value() else { return nil }
        let shown = MediaTime(value: subtitle.pts, timescale: 1_000_000)
        let milliseconds = { (value: UInt32) in MediaTime(value: Int64(value), timescale: 1000) }
        let start = shown + milliseconds(subtitle.start_display_time)
        let end =
            subtitle.end_display_time == UInt32.max || subtitle.end_display_time <= subtitle.start_display_time
            ? start + MediaTime(value: 5, timescale: 1) : shown + milliseconds(subtitle.end_display_time)
        let text = events.map {
            SubtitleDecoder.plainText(ofASSText: TextSubtitleConverter.textField(ofDialogue: $0))
        }
        return DecodedSubtitle(start: start, end: end, assEvents: events, text: text.joined(separator: "\n"))
    }

    /// Forgets the caption screens and pending commands (after a seek).
    public func flush() {
        avcodec_flush_buffers(context)
    }
}
