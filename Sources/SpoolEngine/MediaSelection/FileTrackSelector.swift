import Foundation
import SpoolHLS

/// Which audio and subtitle tracks of a file play when the user chose none by hand: pure,
/// so the rule is tested on its own.
///
/// Audio, in order: a track in the player's criteria languages (`--audio-lang`); else the
/// tracks the container marks default, the one in the user's languages first; else the first
/// track in the user's languages; else the first track. For a file with default flags this is
/// the track `ffmpeg -i F -f wav` and mpv play (both put the default disposition first; for
/// tracks alike in it, the first).
/// Subtitles: with criteria, the first track in their languages (closed captions also by
/// their channel, "CC1"), or none (`.off` is none);
/// without, a default track (mpv shows one), else a forced one, else none.
enum FileTrackSelector {
    /// The audio track to play among `options` (a file's audible group, container order).
    static func audio(
        from options: [MediaSelectionOption], criteria: [String]?, environmentLanguages: [String]
    ) -> MediaSelectionOption? {
        if let criteria, let match = matching(options, languages: criteria).first { return match }
        let defaults = options.filter(\.isDefault)
        if let preferred = matching(defaults, languages: environmentLanguages).first ?? defaults.first {
            return preferred
        }
        return matching(options, languages: environmentLanguages).first ?? options.first
    }

    /// The subtitle track to show among `options`; `nil` for none.
    static func legible(
        from options: [MediaSelectionOption], criteria: [String]?, environmentLanguages: [String]
    ) -> MediaSelectionOption? {
        if let criteria { return matching(options, languages: criteria).first }
        for flagged in [options.filter(\.isDefault), options.filter(\.isForced)] where !flagged.isEmpty {
            return matching(flagged, languages: environmentLanguages).first ?? flagged.first
        }
        return nil
    }

    /// The options in `languages`, best language first; within one language, exact tags
    /// before shared primary languages, container order otherwise.
    static func matching(_ options: [MediaSelectionOption], languages: [String]) -> [MediaSelectionOption] {
        var result: [MediaSelectionOption] = []
        for language in languages {
            for quality in [2, 1] {
                for option in options where !result.contains(option) {
                    if matchQuality(wanted: language, option: option) == quality { result.append(option) }
                }
            }
        }
        return result
    }

    /// `matchQuality(wanted:available:)` for an option's language; closed captions also match
    /// their channel's name (`--sub-lang cc1`), exactly.
    static func matchQuality(wanted: String, option: MediaSelectionOption) -> Int {
        if let channel = option.closedCaptionChannel, wanted.caseInsensitiveCompare(channel) == .orderedSame {
            return 2
        }
        return matchQuality(wanted: wanted, available: option.extendedLanguageTag ?? "")
    }

    /// 2 for the same tag, 1 for the same primary language, 0 otherwise. Containers write
    /// ISO 639-2 (`fra`), users often ISO 639-1 (`fr`): the two spellings of one language match.
    static func matchQuality(wanted: String, available: String) -> Int {
        let quality = LanguageTag.matchQuality(wanted: wanted, available: available)
        if quality > 0 { return quality }
        guard let wantedCode = alpha3(wanted), let availableCode = alpha3(available) else { return 0 }
        return wantedCode == availableCode ? 1 : 0
    }

    private static func alpha3(_ tag: String) -> String? {
        let primary = tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init) ?? tag
        guard !primary.isEmpty, primary.lowercased() != "und" else { return nil }
        return Locale.LanguageCode(primary.lowercased()).identifier(.alpha3)
    }
}
