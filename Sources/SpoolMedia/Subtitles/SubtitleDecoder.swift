internal import CFFmpeg
public import SpoolCore

/// One subtitle a `SubtitleDecoder` made of a packet: when it shows, and its text as ASS
/// dialogue events (what libass draws) and as plain text.
public struct DecodedSubtitle: Sendable, Hashable {
    /// When it appears, on the stream's timeline (the packet's time).
    public let start: MediaTime
    /// When it disappears; `start` plus the packet's or the decoder's duration.
    public let end: MediaTime
    /// The ASS events, Matroska's form: "ReadOrder,Layer,Style,Name,MarginL,MarginR,MarginV,
    /// Effect,Text" (FFmpeg's decoders produce it for every text codec).
    public let assEvents: [String]
    /// The events' Text fields without override tags, lines joined with "\n".
    public let text: String
}

/// Decodes a text subtitle stream (SubRip, ASS/SSA, WebVTT, mov_text…) with FFmpeg's own
/// decoder into ASS events, as the ffmpeg CLI and mpv read them. Bitmap subtitles (PGS, DVD,
/// DVB) give nothing here.
///
/// Owns its `AVCodecContext` (freed in `deinit`). Not `Sendable`: one thread at a time.
public final class SubtitleDecoder {
    /// The ASS script header the events refer to: the track's own `[Script Info]` and styles
    /// for ASS/SSA, FFmpeg's default header for the other codecs.
    public let header: String
    /// Whether the stream is ASS/SSA, whose header carries the author's styles.
    public let hasOwnStyles: Bool
    private let context: UnsafeMutablePointer<AVCodecContext>

    /// Opens the decoder for `stream` (a subtitle stream of a `Demuxer`). Throws
    /// `.decoderNotFound` when FFmpeg has none.
    public init(stream: MediaStreamInfo) throws(FFmpegError) {
        let codec = try stream.codecParameters.withParameters { parameters throws(FFmpegError) in
            guard let codec = avcodec_find_decoder(parameters.pointee.codec_id) else { throw .decoderNotFound }
            return codec
        }
        guard let context = avcodec_alloc_context3(codec) else { throw .outOfMemory }
        var opened = false
        defer {
            if !opened {
                var owned: UnsafeMutablePointer<AVCodecContext>? = context
                avcodec_free_context(&owned)
            }
        }
        try stream.codecParameters.withParameters { parameters throws(FFmpegError) in
            _ = try FFmpegCall.check(avcodec_parameters_to_context(context, parameters))
        }
        context.pointee.pkt_timebase = stream.timeBase.avRational
        try FFmpegCall.check(avcodec_open2(context, codec, nil))
        opened = true
        self.context = context
        header =
            context.pointee.subtitle_header.map { bytes in
                String(
                    decoding: UnsafeBufferPointer(start: bytes, count: Int(context.pointee.subtitle_header_size)),
                    as: UTF8.self)
            } ?? ""
        hasOwnStyles = stream.codecName == "ass" || stream.codecName == "ssa"
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
