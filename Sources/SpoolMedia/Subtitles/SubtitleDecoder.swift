internal import CFFmpeg
public import SpoolCore

/// One subtitle a `SubtitleDecoder` made of a packet: when it shows, and its text as ASS
/// dialogue events (what libass draws) and as plain text, or its pictures (a bitmap codec).
public struct DecodedSubtitle: Sendable, Hashable {
    /// When it appears, on the stream's timeline (the packet's time).
    public let start: MediaTime
    /// When it disappears; `start` plus the packet's or the decoder's duration. For a bitmap
    /// subtitle without an end of its own (PGS: a display set shows until the next one),
    /// `positiveInfinity`: the next subtitle of the stream ends it.
    public let end: MediaTime
    /// The ASS events, Matroska's form: "ReadOrder,Layer,Style,Name,MarginL,MarginR,MarginV,
    /// Effect,Text" (FFmpeg's decoders produce it for every text codec).
    public let assEvents: [String]
    /// The events' Text fields without override tags, lines joined with "\n".
    public let text: String
    /// A bitmap codec's pictures, in stacking order; empty for text. A bitmap subtitle with
    /// none (PGS's empty display set, DVB's empty page) clears the screen.
    public var bitmaps: [SubtitleBitmap] = []
    /// The size of the presentation the bitmaps' positions refer to (the subtitle stream's
    /// own, else the video's); `nil` for text.
    public var referenceSize: PixelSize?
}

/// Decodes a subtitle stream with FFmpeg's own decoder, as the ffmpeg CLI and mpv read it:
/// text (SubRip, ASS/SSA, WebVTT, mov_text…) into ASS events, bitmaps (PGS, DVD, DVB) into
/// RGBA pictures placed on a reference size (`SubtitleBitmap`).
///
/// Owns its `AVCodecContext` (freed in `deinit`). Not `Sendable`: one thread at a time.
public final class SubtitleDecoder {
    /// The ASS script header the events refer to: the track's own `[Script Info]` and styles
    /// for ASS/SSA, FFmpeg's default header for the other codecs.
    public let header: String
    /// Whether the stream is ASS/SSA, whose header carries the author's styles.
    public let hasOwnStyles: Bool
    /// Whether the codec is a bitmap one (PGS, DVD, DVB, XSUB): its subtitles carry
    /// `bitmaps`, and one with none is a clear.
    public let isBitmap: Bool
    private let context: UnsafeMutablePointer<AVCodecContext>
    private let videoSize: PixelSize?

    /// Opens the decoder for `stream` (a subtitle stream of a `Demuxer`). `videoSize` is what
    /// bitmap positions refer to when the stream states no size of its own (DVD without an
    /// `.idx` size line, DVB without a display definition). Throws `.decoderNotFound` when
    /// FFmpeg has none.
    public init(stream: MediaStreamInfo, videoSize: PixelSize? = nil) throws(FFmpegError) {
        let codec = try stream.codecParameters.withParameters { parameters throws(FFmpegError) in
            guard let codec = avcodec_find_decoder(parameters.pointee.codec_id) else { throw .decoderNotFound }
            return codec
        }
        let opened = try SubtitleCodecContext.open(codec) { context throws(FFmpegError) in
            try stream.codecParameters.withParameters { parameters throws(FFmpegError) in
                _ = try FFmpegCall.check(avcodec_parameters_to_context(context, parameters))
            }
            context.pointee.pkt_timebase = stream.timeBase.avRational
        }
        context = opened.context
        header = opened.header
        hasOwnStyles = stream.codecName == "ass" || stream.codecName == "ssa"
        let properties = avcodec_descriptor_get(codec.pointee.id)?.pointee.props ?? 0
        isBitmap = properties & AV_CODEC_PROP_BITMAP_SUB != 0
        self.videoSize = videoSize
    }

    deinit {
        var owned: UnsafeMutablePointer<AVCodecContext>? = context
        avcodec_free_context(&owned)
    }

    /// The subtitle in `packet`; `nil` when it holds none (or only bitmaps). Throws FFmpeg's
    /// code for a packet the decoder refuses.
    public func decode(_ packet: DemuxedPacket) throws(FFmpegError) -> DecodedSubtitle? {
        var subtitle = AVSubtitle()
        var got: Int32 = 0
        // FFmpeg 5.1 declares the packet non-const but only reads it (it is the input).
        let code = packet.withPacket {
            avcodec_decode_subtitle2(context, &subtitle, &got, UnsafeMutablePointer(mutating: $0))
        }
        try FFmpegCall.check(code)
        guard got != 0 else { return nil }
        defer { avsubtitle_free(&subtitle) }
        if isBitmap { return bitmapSubtitle(subtitle, packet: packet) }
        var events: [String] = []
        for index in 0..<Int(subtitle.num_rects) {
            guard let rect = subtitle.rects[index], let ass = rect.pointee.ass else { continue }
            var line = String(cString: ass)
            while line.hasSuffix("\n") || line.hasSuffix("\r") { line.removeLast() }
            events.append(line)
        }
        guard !events.isEmpty, packet.presentationTime.isNumeric else { return nil }
        let milliseconds = { (value: UInt32) in MediaTime(value: Int64(value), timescale: 1000) }
        let start = packet.presentationTime + milliseconds(subtitle.start_display_time)
        let end: MediaTime
        if packet.duration.isNumeric {
            end = packet.presentationTime + packet.duration
        } else if subtitle.end_display_time > subtitle.start_display_time, subtitle.end_display_time != UInt32.max {
            end = packet.presentationTime + milliseconds(subtitle.end_display_time)
        } else {
            // No stated end (a stream that ends each cue with the next): shown for 5 s at most.
            end = start + MediaTime(value: 5, timescale: 1)
        }
        let text = events.map { Self.plainText(ofASSText: TextSubtitleConverter.textField(ofDialogue: $0)) }
        return DecodedSubtitle(
            start: start, end: max(end, start), assEvents: events, text: text.joined(separator: "\n"))
    }

    /// The pictures of a decoded bitmap subtitle, copied out of `subtitle` (which the caller
    /// frees). Ends: the decoder's `end_display_time` when it states one (DVD's stop command,
    /// DVB's page timeout), else the packet's duration, else open (PGS).
    private func bitmapSubtitle(_ subtitle: AVSubtitle, packet: DemuxedPacket) -> DecodedSubtitle? {
        guard packet.presentationTime.isNumeric else { return nil }
        var bitmaps: [SubtitleBitmap] = []
        for index in 0..<Int(subtitle.num_rects) {
            guard let rect = subtitle.rects[index], let bitmap = SubtitleBitmap(rect: rect) else { continue }
            bitmaps.append(bitmap)
        }
        let milliseconds = { (value: UInt32) in MediaTime(value: Int64(value), timescale: 1000) }
        let start = packet.presentationTime + milliseconds(subtitle.start_display_time)
        let end: MediaTime
        if subtitle.end_display_time != UInt32.max, subtitle.end_display_time > subtitle.start_display_time {
            end = packet.presentationTime + milliseconds(subtitle.end_display_time)
        } else if packet.duration.isNumeric, packet.duration > .zero {
            end = packet.presentationTime + packet.duration
        } else {
            end = .positiveInfinity
        }
        // PGS and DVB state their presentation's size in the stream (the decoder sets it while
        // decoding); DVD's comes from its extradata, if at all.
        let stated = PixelSize(width: Int(context.pointee.width), height: Int(context.pointee.height))
        let reference =
            stated.width > 0 && stated.height > 0
            ? stated
            : (videoSize
                ?? PixelSize(width: 720, height: context.pointee.codec_id == AV_CODEC_ID_DVB_SUBTITLE ? 576 : 480))
        var decoded = DecodedSubtitle(start: start, end: max(end, start), assEvents: [], text: "")
        decoded.bitmaps = bitmaps
        decoded.referenceSize = reference
        return decoded
    }

    /// ASS event text without override blocks (`{\i1}`), `\N`/`\n` as line breaks, `\h` as a space.
    static func plainText(ofASSText text: String) -> String {
        var result = ""
        var inOverride = false
        var iterator = text.makeIterator()
        var pending: Character?
        while let character = pending ?? iterator.next() {
            pending = nil
            if inOverride {
                if character == "}" { inOverride = false }
                continue
            }
            switch character {
            case "{": inOverride = true
            case "\\":
                let next = iterator.next()
                switch next {
                case "N", "n": result.append("\n")
                case "h": result.append(" ")
                case let other?:
                    result.append("\\")
                    pending = other
                case nil: result.append("\\")
                }
            default: result.append(character)
            }
        }
        return result
    }
}
