/// Matching of RFC 5646 language tags (`en`, `en-US`, `pt-BR`, `zh-Hant`) the way players
/// match a user's languages against LANGUAGE attributes: case-insensitive, `_` read as `-`
/// (POSIX locales such as `fr_FR.UTF-8`), and a tag matches a longer one it is a prefix of.
public enum LanguageTag {
    /// `tag` in canonical comparison form: lowercase, `-` separated, without a POSIX encoding
    /// or modifier (`fr_FR.UTF-8@euro` → `fr-fr`). Empty for `C` and `POSIX`.
    public static func normalized(_ tag: String) -> String {
        let base = tag.split(separator: ".", maxSplits: 1).first.map(String.init) ?? tag
        let withoutModifier = base.split(separator: "@", maxSplits: 1).first.map(String.init) ?? base
        let lowered = withoutModifier.replacingOccurrences(of: "_", with: "-").lowercased()
        return lowered == "c" || lowered == "posix" ? "" : lowered
    }

    /// How well `available` serves a user who asked for `wanted`: 2 for the same tag, 1 when
    /// they share the primary language (`en` and `en-GB`), 0 otherwise.
    public static func matchQuality(wanted: String, available: String) -> Int {
        let wanted = normalized(wanted)
        let available = normalized(available)
        guard !wanted.isEmpty, !available.isEmpty else { return 0 }
        if wanted == available { return 2 }
        let primary = { (tag: String) in tag.split(separator: "-").first.map(String.init) ?? tag }
        return primary(wanted) == primary(available) ? 1 : 0
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
