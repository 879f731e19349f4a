/// Chooses the rendition to play from one group of EXT-X-MEDIA renditions (RFC 8216
/// §4.4.6.2), given what the user asked for and the playback environment. Pure: the same
/// inputs always give the same choice.
///
/// The rules, in order:
/// 1. **Explicit languages** (the user's own choice, `spool play --audio-lang fr`): the
///    rendition that best matches the first of them that any rendition matches, AUTOSELECT or
///    not (an exact tag beats a shared primary language; then DEFAULT=YES, then playlist
///    order). When none matches, subtitles are off and audio falls back to rule 2.
/// 2. **Audio, automatically**: an AUTOSELECT=YES rendition matching the environment's
///    languages (in their order); else the DEFAULT=YES one; else the first AUTOSELECT one;
///    else the first. Audio is never off while the group has a rendition.
/// 3. **Subtitles, automatically**: off unless the group has a DEFAULT=YES rendition ("play
///    this in the absence of information from the user"); then an AUTOSELECT=YES, not FORCED
///    rendition matching the environment's languages, else the DEFAULT one.
public enum RenditionSelector {
    /// The rendition of `renditions` (one group, one TYPE) to play; `nil` for none.
    ///
    /// - Parameters:
    ///   - explicitLanguages: languages the user chose for this kind of rendition, best first;
    ///     `nil` when they chose nothing (an empty list turns subtitles off).
    ///   - environmentLanguages: the user's system languages, best first (`$LANG`).
    public static func select(
        from renditions: [Rendition], explicitLanguages: [String]?, environmentLanguages: [String]
    ) -> Rendition? {
        guard let type = renditions.first?.type else { return nil }
        let isSubtitles = type == .subtitles || type == .closedCaptions
        if let explicitLanguages {
            for language in explicitLanguages {
                if let match = bestMatch(for: language, in: renditions) { return match }
            }
            if isSubtitles { return nil }
        }
        let autoselectable = renditions.filter { $0.isAutoselect && !$0.isForced }
        if isSubtitles {
            guard let fallback = renditions.first(where: { $0.isDefault && !$0.isForced }) else { return nil }
            for language in environmentLanguages {
                if let match = bestMatch(for: language, in: autoselectable) { return match }
            }
            return fallback
        }
        for language in environmentLanguages {
            if let match = bestMatch(for: language, in: autoselectable) { return match }
        }
        return renditions.first(where: \.isDefault) ?? autoselectable.first ?? renditions.first
    }

    /// The best match for `language`: the highest `LanguageTag.matchQuality`, then DEFAULT=YES,
    /// then playlist order; `nil` when nothing shares its primary language.
    static func bestMatch(for language: String, in renditions: [Rendition]) -> Rendition? {
        var best: (rendition: Rendition, score: Int)?
        for rendition in renditions {
            let quality = LanguageTag.matchQuality(wanted: language, available: rendition.language ?? "")
            guard quality > 0 else { continue }
            let score = quality * 2 + (rendition.isDefault ? 1 : 0)
            if best.map({ score > $0.score }) ?? true { best = (rendition, score) }
        }
        return best?.rendition
    }
}
