public import Foundation

/// An alternative rendition (EXT-X-MEDIA): another audio language, a subtitle track, a camera
/// angle, closed captions carried in the video.
public struct Rendition: Sendable, Equatable {
    /// TYPE.
    public enum MediaType: String, Sendable, CaseIterable {
        /// AUDIO.
        case audio = "AUDIO"
        /// VIDEO.
        case video = "VIDEO"
        /// SUBTITLES (WebVTT).
        case subtitles = "SUBTITLES"
        /// CLOSED-CAPTIONS (CEA-608/708 inside the video; never has a URI).
        case closedCaptions = "CLOSED-CAPTIONS"
    }

    /// TYPE.
    public let type: MediaType
    /// URI of the rendition's media playlist, absolute and allowed by the URI policy; `nil`
    /// when the rendition is carried in the variant's own segments.
    public let uri: URL?
    /// GROUP-ID.
    public let groupID: String
    /// LANGUAGE (an RFC 5646 tag such as `"en"` or `"pt-BR"`).
    public let language: String?
    /// ASSOC-LANGUAGE.
    public let associatedLanguage: String?
    /// NAME: what a user is shown.
    public let name: String
    /// STABLE-RENDITION-ID.
    public let stableRenditionID: String?
    /// DEFAULT=YES.
    public let isDefault: Bool
    /// AUTOSELECT=YES: may be chosen by the user's language preferences.
    public let isAutoselect: Bool
    /// FORCED=YES (subtitles shown even when subtitles are off).
    public let isForced: Bool
    /// INSTREAM-ID (`CC1`…`CC4`, `SERVICE1`…`SERVICE63`) for closed captions.
    public let instreamID: String?
    /// CHARACTERISTICS, split at commas (`public.accessibility.describes-video`).
    public let characteristics: [String]
    /// CHANNELS as written: `"2"`, `"6"`, `"16/JOC"`.
    public let channels: String?

    /// The channel count: CHANNELS' first slash-separated field, when it is a number.
    public var channelCount: Int? {
        channels.flatMap { $0.split(separator: "/").first }.flatMap { Int($0) }
    }
}
