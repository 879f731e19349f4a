/// What the user asked for in one characteristic (AVPlayerMediaSelectionCriteria's
/// counterpart): the languages to choose from, best first. Unlike the environment's
/// languages, these pick a rendition whether or not it is AUTOSELECT; when none matches,
/// subtitles are off and audio falls back to the automatic choice.
public struct MediaSelectionCriteria: Sendable, Hashable {
    /// Languages (RFC 5646 tags: `fr`, `pt-BR`), best first. Empty: for subtitles, off.
    public var preferredLanguages: [String]

    /// Criteria preferring `preferredLanguages`.
    public init(preferredLanguages: [String]) {
        self.preferredLanguages = preferredLanguages
    }

    /// No subtitles (for `.legible`); for `.audible`, the automatic choice.
    public static let off = MediaSelectionCriteria(preferredLanguages: [])
}
