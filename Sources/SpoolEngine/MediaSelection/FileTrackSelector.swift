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

    /// 2 for the same tag, 1 for the same primary language, 0 otherwise: `LanguageTag`'s rule,
    /// for which containers' ISO 639-2 (`fra`, `fre`) and users' ISO 639-1 (`fr`) are one language.
    static func matchQuality(wanted: String, available: String) -> Int {
        LanguageTag.matchQuality(wanted: wanted, available: available)
    }
}
