import SpoolCore
import Testing

@testable import Spool
@testable import SpoolEngine

/// The default-track rule for files (`FileTrackSelector`) and the request resolving a file's
/// groups, on plain track descriptions.
@Suite("File track selection")
struct FileTrackSelectorTests {
    static func audio(_ index: Int, _ language: String?, isDefault: Bool = false, channels: Int = 2)
        -> MediaSelectionOption
    {
        var track = AssetTrack(kind: .audio, codec: "aac", language: language, channels: channels, sampleRate: 48_000)
        track.streamIndex = index
        track.isDefault = isDefault
        return MediaSelectionOption(track: track)
    }

    static func subtitle(_ index: Int, _ language: String?, isDefault: Bool = false, isForced: Bool = false)
        -> MediaSelectionOption
    {
        var track = AssetTrack(kind: .subtitle, codec: "subrip", language: language)
        track.streamIndex = index
        track.isDefault = isDefault
        track.isForced = isForced
        return MediaSelectionOption(track: track)
    }

    @Test("audio: the container's default track wins over the first and over the user's languages")
    func defaultDispositionFirst() {
        let options = [Self.audio(1, "eng", channels: 6), Self.audio(2, "fra", isDefault: true)]
        let chosen = FileTrackSelector.audio(from: options, criteria: nil, environmentLanguages: ["en"])
        #expect(chosen?.trackID == 2)
    }

    @Test("audio: among several defaults, the one in the user's languages, else the first default")
    func severalDefaults() {
        let options = [
            Self.audio(1, "eng", isDefault: true), Self.audio(2, "fra", isDefault: true), Self.audio(3, "deu"),
        ]
        #expect(FileTrackSelector.audio(from: options, criteria: nil, environmentLanguages: ["fr"])?.trackID == 2)
        #expect(FileTrackSelector.audio(from: options, criteria: nil, environmentLanguages: ["de"])?.trackID == 1)
    }

    @Test("audio: no default: the user's language (ISO 639-1 finds 639-2), else the first track")
    func noDefault() {
        let options = [Self.audio(1, "eng"), Self.audio(2, "fra")]
        #expect(FileTrackSelector.audio(from: options, criteria: nil, environmentLanguages: ["fr-CA"])?.trackID == 2)
        #expect(FileTrackSelector.audio(from: options, criteria: nil, environmentLanguages: ["ja"])?.trackID == 1)
        #expect(FileTrackSelector.audio(from: options, criteria: nil, environmentLanguages: [])?.trackID == 1)
    }

    @Test("audio: --audio-lang beats the default; a language no track has falls back to the automatic choice")
    func criteriaFirst() {
        let options = [Self.audio(1, "eng", isDefault: true), Self.audio(2, "fra")]
        #expect(FileTrackSelector.audio(from: options, criteria: ["fra"], environmentLanguages: [])?.trackID == 2)
        #expect(FileTrackSelector.audio(from: options, criteria: ["fr"], environmentLanguages: [])?.trackID == 2)
        #expect(FileTrackSelector.audio(from: options, criteria: ["ja"], environmentLanguages: [])?.trackID == 1)
        #expect(FileTrackSelector.audio(from: options, criteria: [], environmentLanguages: [])?.trackID == 1)
    }

    @Test("subtitles: off unless a track is default or forced; --sub-lang picks by language, off is none")
    func subtitles() {
        let plain = [Self.subtitle(3, "eng"), Self.subtitle(4, "fra")]
        #expect(FileTrackSelector.legible(from: plain, criteria: nil, environmentLanguages: ["en"]) == nil)
        #expect(FileTrackSelector.legible(from: plain, criteria: ["fra"], environmentLanguages: [])?.trackID == 4)
        #expect(FileTrackSelector.legible(from: plain, criteria: ["ja"], environmentLanguages: []) == nil)
        let flagged = [Self.subtitle(3, "eng", isForced: true), Self.subtitle(4, "fra", isDefault: true)]
        #expect(FileTrackSelector.legible(from: flagged, criteria: nil, environmentLanguages: ["en"])?.trackID == 4)
        #expect(FileTrackSelector.legible(from: flagged, criteria: [], environmentLanguages: []) == nil)
        let forced = [Self.subtitle(3, "eng"), Self.subtitle(4, "fra", isForced: true)]
        #expect(FileTrackSelector.legible(from: forced, criteria: nil, environmentLanguages: [])?.trackID == 4)
    }

    @Test("a file's groups: audio tracks with channels and subtitle tracks; select(nil) turns subtitles off")
    func requestResolvesFileGroups() throws {
        var english = AssetTrack(kind: .audio, codec: "aac", language: "eng", channels: 2, sampleRate: 48_000)
        english.streamIndex = 1
        var french = AssetTrack(kind: .audio, codec: "ac3", language: "fra", channels: 6, sampleRate: 48_000)
        french.streamIndex = 2
        french.isDefault = true
        var broken = AssetTrack(kind: .audio, codec: "aac")
        broken.streamIndex = 5
        var subtitles = AssetTrack(kind: .subtitle, codec: "ass", language: "eng")
        subtitles.streamIndex = 3
        subtitles.isDefault = true
        let video = AssetTrack(kind: .video, codec: "h264")
        let groups = MediaSelectionGroup.groups(ofTracks: [video, english, french, broken, subtitles])
        let audible = try #require(groups.first { $0.mediaCharacteristic == .audible })
        let legible = try #require(groups.first { $0.mediaCharacteristic == .legible })
        #expect(audible.options.map(\.trackID) == [1, 2])
        #expect(audible.options.map(\.channelCount) == [2, 6])
        #expect(legible.options.map(\.codecName) == ["ass"])

        let choices = FileTrackChoices(
            request: MediaSelectionRequest(explicit: [:], criteria: [:], environmentLanguages: ["en"]))
        choices.resolve(tracks: [video, english, french, broken, subtitles])
        #expect(choices.audio.option?.trackID == 2)
        #expect(choices.subtitles.option?.trackID == 3)
        #expect(choices.choose(audible.options[0], for: .audible))
        #expect(choices.audio.option?.trackID == 1)
        #expect(choices.audio.version == 1)
        #expect(!choices.choose(audible.options[0], for: .audible))
        #expect(choices.choose(nil, for: .legible))
        #expect(choices.subtitles.option == nil)
        #expect(choices.selection == MediaSelection(audible: audible.options[0], legible: nil))
    }
}
