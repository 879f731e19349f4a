import Foundation
import SpoolCore
import Testing

@testable import SpoolHLS

/// RFC 8216 §4.4.6.2 selection: explicit languages, then AUTOSELECT renditions matching the
/// environment, then DEFAULT; subtitles stay off without a DEFAULT rendition.
@Suite struct RenditionSelectorTests {
    /// The renditions of one group, one EXT-X-MEDIA line each (attributes after TYPE/GROUP-ID).
    private func renditions(_ type: String, _ lines: [String]) throws -> [Rendition] {
        let media = lines.map { "#EXT-X-MEDIA:TYPE=\(type),GROUP-ID=\"g\",\($0)" }.joined(separator: "\n")
        let group = type == "AUDIO" ? "AUDIO" : "SUBTITLES"
        let text = "#EXTM3U\n\(media)\n#EXT-X-STREAM-INF:BANDWIDTH=1000,\(group)=\"g\"\nv.m3u8\n"
        return try parseMultivariant(text).renditions
    }

    private func choose(
        _ renditions: [Rendition], explicit: [String]? = nil, environment: [String] = []
    ) -> String? {
        RenditionSelector.select(from: renditions, explicitLanguages: explicit, environmentLanguages: environment)?
            .name
    }

    private var audio: [Rendition] {
        get throws {
            try renditions(
                "AUDIO",
                [
                    "NAME=\"English\",LANGUAGE=\"en\",DEFAULT=YES,AUTOSELECT=YES,URI=\"en.m3u8\"",
                    "NAME=\"French\",LANGUAGE=\"fr\",AUTOSELECT=YES,URI=\"fr.m3u8\"",
                    "NAME=\"German\",LANGUAGE=\"de\",URI=\"de.m3u8\"",
                    "NAME=\"British\",LANGUAGE=\"en-GB\",AUTOSELECT=YES,URI=\"gb.m3u8\"",
                ])
        }
    }

    @Test func audioFollowsTheEnvironmentAmongAutoselectRenditions() throws {
        #expect(choose(try audio, environment: ["fr-fr"]) == "French")
        // German is not AUTOSELECT: the environment cannot pick it, DEFAULT plays.
        #expect(choose(try audio, environment: ["de"]) == "English")
        #expect(choose(try audio, environment: ["ja", "fr"]) == "French")
        #expect(choose(try audio, environment: []) == "English")
    }

    @Test func anExactTagBeatsASharedPrimaryLanguage() throws {
        #expect(choose(try audio, environment: ["en-GB"]) == "British")
        // Only the primary language matches both: DEFAULT breaks the tie.
        #expect(choose(try audio, environment: ["en-US"]) == "English")
    }

    @Test func explicitLanguagesPickAnyRenditionAndFallBackForAudio() throws {
        #expect(choose(try audio, explicit: ["de"], environment: ["fr"]) == "German")
        #expect(choose(try audio, explicit: ["ja"], environment: ["fr"]) == "French")
        #expect(choose(try audio, explicit: [], environment: []) == "English")
    }

    @Test("--audio-lang in ISO 639-2 (fre, fra, ger) picks the rendition its playlist tags in 639-1, and back")
    func explicitLanguagesInEitherISO639Form() throws {
        #expect(choose(try audio, explicit: ["fre"]) == "French")
        #expect(choose(try audio, explicit: ["fra"]) == "French")
        #expect(choose(try audio, explicit: ["ger"]) == "German")
        let threeLetter = try renditions(
            "AUDIO",
            ["NAME=\"E\",LANGUAGE=\"eng\",DEFAULT=YES,URI=\"e.m3u8\"", "NAME=\"F\",LANGUAGE=\"fre\",URI=\"f.m3u8\""])
        #expect(choose(threeLetter, explicit: ["fr"]) == "F")
    }

    @Test func withoutDefaultAudioPlaysTheFirstAutoselectThenTheFirst() throws {
        let autoselect = try renditions(
            "AUDIO", ["NAME=\"A\",LANGUAGE=\"de\",URI=\"a.m3u8\"", "NAME=\"B\",LANGUAGE=\"it\",AUTOSELECT=YES"])
        #expect(choose(autoselect, environment: ["fr"]) == "B")
        let plain = try renditions("AUDIO", ["NAME=\"A\",URI=\"a.m3u8\"", "NAME=\"B\",URI=\"b.m3u8\""])
        #expect(choose(plain) == "A")
    }

    @Test func subtitlesAreOffWithoutADefaultRendition() throws {
        let subtitles = try renditions(
            "SUBTITLES",
            [
                "NAME=\"English\",LANGUAGE=\"en\",AUTOSELECT=YES,URI=\"en.m3u8\"",
                "NAME=\"French\",LANGUAGE=\"fr\",AUTOSELECT=YES,URI=\"fr.m3u8\"",
            ])
        #expect(choose(subtitles, environment: ["fr"]) == nil)
        #expect(choose(subtitles, explicit: ["fr"]) == "French")
        #expect(choose(subtitles, explicit: ["ja"], environment: ["fr"]) == nil)
    }

    @Test func subtitlesWithADefaultFollowTheEnvironmentButNeverPickForced() throws {
        let subtitles = try renditions(
            "SUBTITLES",
            [
                "NAME=\"English\",LANGUAGE=\"en\",DEFAULT=YES,AUTOSELECT=YES,URI=\"en.m3u8\"",
                "NAME=\"Forced\",LANGUAGE=\"fr\",AUTOSELECT=YES,FORCED=YES,URI=\"ff.m3u8\"",
                "NAME=\"French\",LANGUAGE=\"fr\",AUTOSELECT=YES,URI=\"fr.m3u8\"",
            ])
        #expect(choose(subtitles, environment: ["fr"]) == "French")
        #expect(choose(subtitles, environment: ["ja"]) == "English")
        #expect(choose(subtitles, explicit: []) == nil)
    }

    @Test func preferredLanguagesComeFromThePOSIXEnvironment() {
        #expect(LanguageTag.preferredLanguages(environment: ["LANG": "fr_FR.UTF-8"]) == ["fr-fr"])
        #expect(
            LanguageTag.preferredLanguages(environment: ["LANGUAGE": "pt_BR:en", "LANG": "de_DE.UTF-8"]) == [
                "pt-br", "en",
            ])
        #expect(LanguageTag.preferredLanguages(environment: ["LC_ALL": "C", "LANG": "fr_FR"]) == [])
        #expect(LanguageTag.preferredLanguages(environment: ["LC_MESSAGES": "de_AT@euro"]) == ["de-at"])
        #expect(LanguageTag.preferredLanguages(environment: [:]) == [])
    }

    @Test func languageTagsMatchCaseInsensitivelyByPrimaryLanguage() {
        #expect(LanguageTag.matchQuality(wanted: "EN-us", available: "en-US") == 2)
        #expect(LanguageTag.matchQuality(wanted: "en", available: "en-US") == 1)
        #expect(LanguageTag.matchQuality(wanted: "fr", available: "en") == 0)
        #expect(LanguageTag.matchQuality(wanted: "fr", available: "") == 0)
    }
}

/// Placing WebVTT cues with X-TIMESTAMP-MAP, the 33-bit wrap, and without a map.
@Suite struct SubtitleTimelineTests {
    private func document(mpegts: Int64?, cueAt ms: Int64) -> WebVTTDocument {
        let cue = SubtitleCue(
            start: MediaTime(value: ms, timescale: 1000), end: MediaTime(value: ms + 1000, timescale: 1000), text: "x")
        return WebVTTDocument(cues: [cue], timestampMap: mpegts.map { WebVTTTimestampMap(mpegts: $0, local: .zero) })
    }

    @Test func theMapPlacesCuesOnTheMediaTimestamps() {
        let timeline = SubtitleTimeline(
            playlistToMedia: MediaTime(value: 14, timescale: 10), reference: MediaTime(value: 14, timescale: 10))
        let placed = timeline.place(document(mpegts: 126_000 + 1_800, cueAt: 500))
        // 500 ms + 127800 / 90000 s = 1.92 s, not 0.5 + 1.4 (the playlist offset).
        #expect(placed.first?.start == MediaTime(value: 1920, timescale: 1000))
        #expect(placed.first?.end == MediaTime(value: 2920, timescale: 1000))
    }

    @Test func withoutAMapCueTimesArePlaylistTimes() {
        let timeline = SubtitleTimeline(
            playlistToMedia: MediaTime(value: 10, timescale: 1), reference: MediaTime(value: 10, timescale: 1))
        #expect(timeline.place(document(mpegts: nil, cueAt: 2000)).first?.start == MediaTime(value: 12, timescale: 1))
    }

    @Test func aWrappedMapIsMovedToTheMediaTimestamps() {
        // Media near the top of the 33-bit range; the subtitle segment's map has wrapped to 9 s.
        let nearTop = SubtitleTimeline.wrapPeriod - MediaTime(value: 5, timescale: 1)
        let timeline = SubtitleTimeline(playlistToMedia: .zero, reference: nearTop)
        let offset = timeline.offset(for: document(mpegts: 9 * 90_000, cueAt: 0))
        #expect(offset == SubtitleTimeline.wrapPeriod + MediaTime(value: 9, timescale: 1))
        // And the other way: media that wrapped, a map written before the wrap.
        let wrapped = SubtitleTimeline(playlistToMedia: .zero, reference: MediaTime(value: 3, timescale: 1))
        let before = wrapped.offset(for: document(mpegts: (1 << 33) - 90_000, cueAt: 0))
        #expect(before == MediaTime(value: -1, timescale: 1))
    }
}
