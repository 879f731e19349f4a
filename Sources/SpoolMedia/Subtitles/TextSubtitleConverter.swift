internal import CFFmpeg

/// The markup a text cue is written in, which decides how its tags become ASS override tags.
public enum TextSubtitleMarkup: Sendable, Hashable {
    /// WebVTT cue text: `<i>`, `<b>`, `<u>` kept, other tags (`<c.x>`, `<v Name>`) dropped,
    /// entities decoded, `{`/`}` escaped (FFmpeg's `webvtt` decoder).
    case webVTT
    /// SubRip text: `<i>`, `<b>`, `<u>`, `<s>`, `<font color/face/size>` and `{\an8}`-style
    /// ASS tags (FFmpeg's `subrip` decoder).
    case subRip
}

/// Turns text subtitle cues into the text of ASS dialogue events with FFmpeg's own text
/// subtitle decoders (`webvtt`, `subrip`), so the markup is read exactly as the ffmpeg CLI,
/// its `subtitles` filter and mpv read it.
///
/// Owns one `AVCodecContext` per markup, opened on first use and freed in `deinit`. Not
/// `Sendable`: use it from one thread at a time.
public final class TextSubtitleConverter {
    private var contexts: [TextSubtitleMarkup: UnsafeMutablePointer<AVCodecContext>] = [:]

    /// A converter; decoders open lazily.
    public init() {}

    deinit {
        for context in contexts.values {
            var freed: UnsafeMutablePointer<AVCodecContext>? = context
            avcodec_free_context(&freed)
        }
    }

    /// The ASS event text for `text` (lines joined with "\n"): override tags in braces,
    /// line breaks as `\N`. Empty text gives an empty result. Throws when FFmpeg has no such
    /// decoder or refuses the text.
    public func assText(for text: String, markup: TextSubtitleMarkup) throws(FFmpegError) -> String {
        guard !text.isEmpty else { return "" }
        let context = try context(for: markup)
        guard let packet = av_packet_alloc() else { throw .outOfMemory }
        var packetPointer: UnsafeMutablePointer<AVPacket>? = packet
        defer { av_packet_free(&packetPointer) }
        let bytes = Array(text.utf8)
        try FFmpegCall.check(av_new_packet(packet, Int32(bytes.count)))
        bytes.withUnsafeBufferPointer { source in
            packet.pointee.data.update(from: source.baseAddress!, count: source.count)
        }
        packet.pointee.pts = 0
        packet.pointee.duration = 1000
        var subtitle = AVSubtitle()
        var gotSubtitle: Int32 = 0
        try FFmpegCall.check(avcodec_decode_subtitle2(context, &subtitle, &gotSubtitle, packet))
        defer { avsubtitle_free(&subtitle) }
        guard gotSubtitle != 0 else { return "" }
        var lines: [String] = []
        for index in 0..<Int(subtitle.num_rects) {
            guard let rect = subtitle.rects[index], let ass = rect.pointee.ass else { continue }
            lines.append(Self.textField(ofDialogue: String(cString: ass)))
        }
        return lines.joined(separator: "\\N")
    }

    /// The Text field of FFmpeg's dialogue line: "ReadOrder,Layer,Style,Name,MarginL,MarginR,
    /// MarginV,Effect,Text", the Text being everything after the eighth comma.
    public static func textField(ofDialogue line: String) -> String {
        var commas = 0
        var index = line.startIndex
        while index < line.endIndex, commas < 8 {
            if line[index] == "," { commas += 1 }
            index = line.index(after: index)
        }
        var text = String(line[index...])
        while text.hasSuffix("\r\n") || text.hasSuffix("\n") { text.removeLast() }
        return text
    }

    private func context(for markup: TextSubtitleMarkup) throws(FFmpegError) -> UnsafeMutablePointer<AVCodecContext> {
        if let context = contexts[markup] { return context }
        let codecID = markup == .webVTT ? AV_CODEC_ID_WEBVTT : AV_CODEC_ID_SUBRIP
        guard let codec = avcodec_find_decoder(codecID) else { throw .decoderNotFound }
        guard let context = avcodec_alloc_context3(codec) else { throw .outOfMemory }
        // Packet times in milliseconds; the decoders carry them through untouched.
        context.pointee.pkt_timebase = AVRational(num: 1, den: 1000)
        context.pointee.time_base = AVRational(num: 1, den: 1000)
        let opened = avcodec_open2(context, codec, nil)
        guard opened >= 0 else {
            var freed: UnsafeMutablePointer<AVCodecContext>? = context
            avcodec_free_context(&freed)
            throw FFmpegError(rawValue: opened)
        }
        contexts[markup] = context
        return context
    }
}
