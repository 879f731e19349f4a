public import Foundation
import SpoolHLS

/// One choice in a `MediaSelectionGroup` (AVMediaSelectionOption's counterpart): an audio
/// rendition or a subtitle rendition of an HLS presentation.
///
/// Two options are equal when they name the same rendition (group, name, language, URI).
public struct MediaSelectionOption: Sendable, Hashable, CustomStringConvertible {
    /// `.audible` for audio, `.legible` for subtitles.
    public let mediaCharacteristic: MediaCharacteristic
    /// What a user is shown (the rendition's NAME).
    public let displayName: String
    /// The RFC 5646 language tag (LANGUAGE), when the rendition states one.
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

    init(_ rendition: Rendition) {
        mediaCharacteristic = rendition.type == .audio ? .audible : .legible
        displayName = rendition.name
        extendedLanguageTag = rendition.language
        isDefault = rendition.isDefault
        isAutoselect = rendition.isAutoselect
        isForced = rendition.isForced
        groupID = rendition.groupID
        playlistURL = rendition.uri
    }

    /// The language as a `Locale`, when the rendition states one.
    public var locale: Locale? { extendedLanguageTag.map { Locale(identifier: $0) } }

    /// The display name and language: `French (fr)`.
    public var description: String {
        extendedLanguageTag.map { "\(displayName) (\($0))" } ?? displayName
    }

    /// Whether this option is `rendition`.
    func names(_ rendition: Rendition) -> Bool {
        rendition.groupID == groupID && rendition.name == displayName && rendition.language == extendedLanguageTag
            && rendition.uri == playlistURL
    }
}
