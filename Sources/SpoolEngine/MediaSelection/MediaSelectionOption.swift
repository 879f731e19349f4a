public import Foundation
import SpoolHLS

/// One choice in a `MediaSelectionGroup` (AVMediaSelectionOption's counterpart): an audio
/// rendition or a subtitle rendition of an HLS presentation, or an audio or subtitle track
/// of a file (MP4/MOV, Matroska/WebM, MPEG-TS, Ogg), or the closed captions a file's video
/// carries (`closedCaptionChannel`).
///
/// Two options are equal when they name the same rendition (group, name, language, URI) or
/// the same track of the container (its stream index and description).
public struct MediaSelectionOption: Sendable, Hashable, CustomStringConvertible {
    /// `.audible` for audio, `.legible` for subtitles.
    public let mediaCharacteristic: MediaCharacteristic
    /// What a user is shown (the rendition's NAME).
    public let displayName: String
    /// The RFC 5646 language tag, when the rendition (LANGUAGE) or the track states one, with
    /// its primary language in its two-letter ISO 639-1 form where one exists: a Matroska
    /// track's `fra` or `fre` and an HLS rendition's `fr` are all `fr` here (`LanguageTag.bcp47`).
    /// `nil` for none and for `und`.
    public let extendedLanguageTag: String?
    /// DEFAULT=YES: play it when the user expressed no other choice.
    public let isDefault: Bool
    /// AUTOSELECT=YES: may be chosen automatically because it matches the user's languages.
    public let isAutoselect: Bool
    /// FORCED=YES (subtitles): essential text, such as translated signs.
    public let isForced: Bool
    /// The rendition's GROUP-ID.
    public let groupID: String
    /// The rendition's media playlist; `nil` when it is carried in the variant's own segments.
    public let playlistURL: URL?
    /// A file's track: its stream index in the container (as `ffprobe` numbers streams);
    /// `nil` for an HLS rendition.
    public let trackID: Int?
    /// A file's track: its codec as FFmpeg names it (`"aac"`, `"subrip"`, `"ass"`, `"mov_text"`).
    public let codecName: String?
    /// A file's audio track: its channel count.
    public let channelCount: Int?
    /// A file's track: the title the container states (also the start of `displayName`).
    public let title: String?
    /// Closed captions carried inside the video (CEA-608 in H.264/HEVC SEI): the caption
    /// channel (`"CC1"`: a file's, whose `trackID` is the video stream's index, or an HLS
    /// CLOSED-CAPTIONS rendition's INSTREAM-ID). `nil` for other options.
    public let closedCaptionChannel: String?

    init(_ rendition: Rendition) {
        trackID = nil
        codecName = nil
        channelCount = nil
        title = nil
        closedCaptionChannel = rendition.type == .closedCaptions ? rendition.instreamID : nil
        mediaCharacteristic = rendition.type == .audio ? .audible : .legible
        displayName = rendition.name
        extendedLanguageTag = rendition.language.flatMap(LanguageTag.bcp47)
        isDefault = rendition.isDefault
        isAutoselect = rendition.isAutoselect
        isForced = rendition.isForced
        groupID = rendition.groupID
        playlistURL = rendition.uri
    }

    /// The option for a file's audio or subtitle track (`track.streamIndex` set).
    init(track: AssetTrack) {
        mediaCharacteristic = track.kind == .audio ? .audible : .legible
        let index = track.streamIndex ?? 0
        displayName = track.title ?? track.language.map { "\($0) (track \(index))" } ?? "Track \(index)"
        extendedLanguageTag = track.language.flatMap(LanguageTag.bcp47)
        isDefault = track.isDefault
        isAutoselect = true
        isForced = track.isForced
        groupID = track.kind == .audio ? "audio" : "subtitles"
        playlistURL = nil
        trackID = index
        codecName = track.codec
        channelCount = track.channels
        title = track.title
        closedCaptionChannel = nil
    }

    /// The option for the CEA-608 captions channel 1 that `video` (a file's video track with
    /// `hasClosedCaptions`) carries: "CC1", in the video's language when it states one.
    init(closedCaptionsOf video: AssetTrack) {
        mediaCharacteristic = .legible
        displayName = "CC1"
        extendedLanguageTag = video.language.flatMap(LanguageTag.bcp47)
        isDefault = false
        isAutoselect = true
        isForced = false
        groupID = "closed-captions"
        playlistURL = nil
        trackID = video.streamIndex
        codecName = "eia_608"
        channelCount = nil
        title = nil
        closedCaptionChannel = "CC1"
    }

    /// Whether the option is closed captions carried in the video.
    public var isClosedCaptions: Bool { closedCaptionChannel != nil }

    /// The language as a `Locale`, when the rendition states one.
    public var locale: Locale? { extendedLanguageTag.map { Locale(identifier: $0) } }

    /// The display name and language: `French (fr)`.
    public var description: String {
        extendedLanguageTag.map { "\(displayName) (\($0))" } ?? displayName
    }

    /// Whether this option is `rendition`.
    func names(_ rendition: Rendition) -> Bool {
        rendition.groupID == groupID && rendition.name == displayName
            && rendition.language.flatMap(LanguageTag.bcp47) == extendedLanguageTag
            && rendition.uri == playlistURL
    }
}
