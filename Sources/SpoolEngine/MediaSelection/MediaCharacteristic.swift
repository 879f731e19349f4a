/// What a group of alternative media does for the user (AVMediaCharacteristic's counterpart
/// for the characteristics media selection uses).
public enum MediaCharacteristic: String, Sendable, Hashable, CaseIterable {
    /// Alternative audio (HLS EXT-X-MEDIA TYPE=AUDIO): other languages, commentaries.
    case audible
    /// Text shown over the video (TYPE=SUBTITLES): subtitles, captions.
    case legible
}
