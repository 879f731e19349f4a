import SpoolMedia

/// The markup a text cue's text is written in.
public enum SubtitleMarkup: Sendable, Hashable {
    /// WebVTT (HLS renditions, .vtt sidecars): `<i>`, `<b>`, `<u>` kept, class and voice
    /// spans (`<c.x>`, `<v Name>`) dropped, entities decoded.
    case webVTT
    /// SubRip (.srt sidecars): `<i>`, `<b>`, `<u>`, `<s>`, `<font color=…>` and ASS tags
    /// written in braces (`{\an8}`).
    case subRip

    /// The FFmpeg decoder that reads it.
    var decoderMarkup: TextSubtitleMarkup {
        switch self {
        case .webVTT: .webVTT
        case .subRip: .subRip
        }
    }
}
