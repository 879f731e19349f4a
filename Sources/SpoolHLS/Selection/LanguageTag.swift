/// Matching of RFC 5646 language tags (`en`, `en-US`, `pt-BR`, `zh-Hant`) the way players
/// match a user's languages against LANGUAGE attributes: case-insensitive, `_` read as `-`
/// (POSIX locales such as `fr_FR.UTF-8`), a tag matches a longer one it is a prefix of, and a
/// primary language in ISO 639-2 (`fra`, `fre`, as containers write it) is the ISO 639-1 one
/// (`fr`, as users and RFC 5646 write it). This is the one rule every language choice uses:
/// `MediaSelectionGroup.options(matchingLanguages:)`, selection criteria, the HLS rendition
/// selector and `spool play --audio-lang`/`--sub-lang`.
public enum LanguageTag {
    /// `tag` in canonical comparison form: lowercase, `-` separated, without a POSIX encoding
    /// or modifier (`fr_FR.UTF-8@euro` → `fr-fr`). Empty for `C` and `POSIX`.
    public static func normalized(_ tag: String) -> String {
        let base = tag.split(separator: ".", maxSplits: 1).first.map(String.init) ?? tag
        let withoutModifier = base.split(separator: "@", maxSplits: 1).first.map(String.init) ?? base
        let lowered = withoutModifier.replacingOccurrences(of: "_", with: "-").lowercased()
        return lowered == "c" || lowered == "posix" ? "" : lowered
    }

    /// `tag` as BCP 47 writes it: its primary language subtag in its ISO 639-1 form when that
    /// language has one (`fra`, `fre`, `FRA` → `fr`; `ger-CH` → `de-CH`), lowercase; the other
    /// subtags as written, `_` read as `-`. A primary language without a two-letter code
    /// (`haw`) stays as written, lowercase. `nil` for an empty tag and for `und`.
    public static func bcp47(_ tag: String) -> String? {
        var subtags = tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        guard let primary = subtags.first?.lowercased(), primary != "und" else { return nil }
        subtags[0] = ISO639.alpha2(primary) ?? primary
        return subtags.joined(separator: "-")
    }

    /// How well `available` serves a user who asked for `wanted`: 2 for the same tag, 1 when
    /// they share the primary language (`en` and `en-GB`), 0 otherwise. The ISO 639-1 and
    /// 639-2/T/B spellings of one language are the same language (`fr`, `fra`, `fre`).
    public static func matchQuality(wanted: String, available: String) -> Int {
        let wanted = comparable(wanted)
        let available = comparable(available)
        guard !wanted.isEmpty, !available.isEmpty else { return 0 }
        if wanted == available { return 2 }
        let primary = { (tag: String) in tag.split(separator: "-").first.map(String.init) ?? tag }
        return primary(wanted) == primary(available) ? 1 : 0
    }

    /// `normalized(tag)` with its primary subtag in its ISO 639-1 form, when it has one.
    private static func comparable(_ tag: String) -> String {
        var subtags = normalized(tag).split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard let primary = subtags.first, let alpha2 = ISO639.alpha2(primary) else { return normalized(tag) }
        subtags[0] = alpha2
        return subtags.joined(separator: "-")
    }

    /// The user's languages from a POSIX environment: `LANGUAGE` (a colon-separated list),
    /// else `LC_ALL`, `LC_MESSAGES`, `LANG`; empty when none names a language.
    public static func preferredLanguages(environment: [String: String]) -> [String] {
        if let list = environment["LANGUAGE"], !list.isEmpty {
            let languages = list.split(separator: ":").map { normalized(String($0)) }.filter { !$0.isEmpty }
            if !languages.isEmpty { return languages }
        }
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let value = environment[name], !value.isEmpty {
                let language = normalized(value)
                return language.isEmpty ? [] : [language]
            }
        }
        return []
    }
}
