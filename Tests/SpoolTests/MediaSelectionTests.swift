import Foundation
import SpoolCore
import SpoolHLS
import SpoolTestSupport
import Testing

@testable import Spool
@testable import SpoolEngine

/// Media selection on the main actor (groups, `select(_:in:)`, criteria, cue delivery) with a
/// fake engine, and the request the engine resolves against a presentation.
@MainActor
@Suite("Media selection", .timeLimit(.minutes(3)))
struct MediaSelectionTests {
    let pipelines = FakePipelines()

    static let master = """
        #EXTM3U
        #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="English",LANGUAGE="en",DEFAULT=YES,AUTOSELECT=YES,URI="en.m3u8"
        #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="Français",LANGUAGE="fr",AUTOSELECT=YES,URI="fr.m3u8"
        #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="other",NAME="Other",LANGUAGE="de",URI="de.m3u8"
        #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English CC",LANGUAGE="en",AUTOSELECT=YES,URI="s-en.m3u8"
        #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="Español",LANGUAGE="es",AUTOSELECT=YES,URI="s-es.m3u8"
        #EXT-X-STREAM-INF:BANDWIDTH=1000000,AUDIO="aud",SUBTITLES="subs"
        v.m3u8

        """

    static func presentation() throws -> HLSPresentation {
        let url = URL(string: "https://example.com/master.m3u8")!
        let multivariant = try #require(Playlist.parse(master, url: url).multivariantPlaylist)
        let media = try #require(
            Playlist.parse(
                "#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2,\ns.ts\n#EXT-X-ENDLIST\n",
                url: URL(string: "https://example.com/v.m3u8")!
            ).mediaPlaylist)
        return HLSPresentation(url: url, multivariant: multivariant, initialVariantIndex: 0, initialPlaylist: media)
    }

    @Test func groupsHoldTheStartVariantsRenditions() throws {
        let groups = MediaSelectionGroup.groups(of: try Self.presentation())
        let audible = try #require(groups.first { $0.mediaCharacteristic == .audible })
        #expect(audible.options.map(\.displayName) == ["English", "Français"])
        #expect(audible.defaultOption?.extendedLanguageTag == "en")
        #expect(audible.options.allSatisfy { $0.mediaCharacteristic == .audible && $0.isAutoselect })
        #expect(!audible.allowsEmptySelection)
        #expect(audible.options.last?.locale?.language.languageCode?.identifier == "fr")
        #expect(audible.options(matchingLanguages: ["fr-CA", "en"]).map(\.displayName) == ["Français", "English"])
        let legible = try #require(groups.first { $0.mediaCharacteristic == .legible })
        #expect(legible.allowsEmptySelection)
        #expect(legible.defaultOption == nil)
        #expect(legible.options.map(\.playlistURL?.lastPathComponent) == ["s-en.m3u8", "s-es.m3u8"])
    }

    @Test("an HLS rendition tagged in ISO 639-2 (fre) reports fr and is found by fr, fra and fre")
    func threeLetterRenditionLanguages() throws {
        let url = URL(string: "https://example.com/master.m3u8")!
        let text = Self.master.replacingOccurrences(of: "LANGUAGE=\"fr\"", with: "LANGUAGE=\"fre\"")
        let multivariant = try #require(Playlist.parse(text, url: url).multivariantPlaylist)
        let presentation = HLSPresentation(
            url: url, multivariant: multivariant, initialVariantIndex: 0,
            initialPlaylist: try Self.presentation().initialPlaylist)
        let audible = try #require(MediaSelectionGroup.groups(of: presentation).first)
        let french = try #require(audible.options.last)
        #expect(french.extendedLanguageTag == "fr")
        #expect(french.names(try #require(multivariant.renditions.first { $0.language == "fre" })))
        for spelling in ["fr", "fra", "fre"] {
            #expect(audible.options(matchingLanguages: [spelling]) == [french], "\(spelling)")
        }
    }

    @Test func theRequestResolvesExplicitChoicesThenCriteriaThenTheEnvironment() throws {
        let presentation = try Self.presentation()
        let groups = MediaSelectionGroup.groups(of: presentation)
        let french = try #require(groups[0].options.last)
        let spanish = try #require(groups[1].options.last)
        func resolve(_ request: MediaSelectionRequest) -> (String?, String?) {
            (
                request.rendition(for: .audible, in: presentation)?.name,
                request.rendition(for: .legible, in: presentation)?.name
            )
        }
        let automatic = MediaSelectionRequest(explicit: [:], criteria: [:], environmentLanguages: ["fr"])
        #expect(resolve(automatic) == ("Français", nil))
        let criteria = MediaSelectionRequest(
            explicit: [:],
            criteria: [.audible: .init(preferredLanguages: ["en"]), .legible: .init(preferredLanguages: ["es"])],
            environmentLanguages: ["fr"])
        #expect(resolve(criteria) == ("English", "Español"))
        var explicit = criteria
        explicit.explicit[.audible] = .some(french)
        explicit.explicit[.legible] = .some(nil)
        #expect(resolve(explicit) == ("Français", nil))
        explicit.explicit = [:]
        explicit.explicit[.legible] = .some(spanish)
        #expect(resolve(explicit) == ("English", "Español"))
    }

    @Test func choicesBumpTheirVersionOnlyWhenTheRenditionChanges() throws {
        let presentation = try Self.presentation()
        let choices = RenditionChoices(
            request: MediaSelectionRequest(explicit: [:], criteria: [:], environmentLanguages: []))
        let french = try #require(MediaSelectionGroup.groups(of: presentation)[0].options.last)
        #expect(!choices.choose(french, for: .audible))  // nothing resolved yet: nothing to switch
        choices.resolve(in: presentation)
        #expect(choices.audio.rendition?.name == "Français")
        #expect(choices.selection.audible == french)
        #expect(!choices.choose(french, for: .audible))
        let english = try #require(MediaSelectionGroup.groups(of: presentation)[0].options.first)
        #expect(choices.choose(english, for: .audible))
        #expect(choices.audio.version == 1)
        #expect(choices.subtitles.version == 0)
        #expect(choices.hasLegibleGroup)
    }

    @Test func selectBeforePlayIsPartOfTheRequestAndWhilePlayingGoesToTheEngine() async throws {
        let player = Player(
            configuration: PlayerConfiguration(makeAudioOutput: nil, videoOutput: nil, clock: ManualClock()),
            makePlayback: pipelines.factory())
        player.preferredLanguages = ["de"]
        player.setMediaSelectionCriteria(.off, forMediaCharacteristic: .legible)
        #expect(player.mediaSelectionCriteria(forMediaCharacteristic: .legible) == .off)
        let groups = MediaSelectionGroup.groups(of: try Self.presentation())
        let (audible, legible) = (groups[0], groups[1])
        let item = PlayerItem(url: URL(string: "https://example.com/master.m3u8")!)
        item.select(audible.options[1], in: audible)
        item.select(nil, in: audible)  // audio cannot be off: ignored
        item.select(legible.options[0], in: audible)  // not in the group: ignored
        player.replaceCurrentItem(with: item)
        let request = item.mediaSelectionRequest
        #expect(request.explicit == [.audible: .some(audible.options[1])])
        #expect(request.criteria == [.legible: MediaSelectionCriteria.off])
        #expect(request.environmentLanguages == ["de"])

        item.select(nil, in: legible)
        let playback = try #require(pipelines.last)
        #expect(playback.calls.contains(FakeItemPlayback.Call.select(nil, .legible)))
        player.replaceCurrentItem(with: nil)
        item.select(legible.options[1], in: legible)
        #expect(!playback.calls.contains(.select(legible.options[1], .legible)))
    }

    @Test func cuesReachEveryLegibleOutputAndTheSelectionIsReported() async throws {
        let player = Player(
            configuration: PlayerConfiguration(makeAudioOutput: nil, videoOutput: nil, clock: ManualClock()),
            makePlayback: pipelines.factory())
        let item = PlayerItem(url: URL(string: "https://example.com/master.m3u8")!)
        let first = PlayerItemLegibleOutput()
        let second = PlayerItemLegibleOutput()
        item.add(first)
        item.add(second)
        item.add(first)
        var events = player.itemEvents().makeAsyncIterator()
        player.replaceCurrentItem(with: item)
        let playback = try #require(pipelines.last)
        let french = try #require(MediaSelectionGroup.groups(of: try Self.presentation())[0].options.last)
        let cue = LegibleCue(
            start: MediaTime(value: 1, timescale: 1), end: MediaTime(value: 2, timescale: 1), text: "Hi")
        playback.send(.mediaSelection(MediaSelection(audible: french)))
        playback.send(.cue(cue))
        playback.send(
            .ready(
                ItemPlaybackInfo(
                    duration: .zero, tracks: [], presentationWidth: 0, presentationHeight: 0, seekableTimeRanges: [])))
        _ = await events.next { $0 == .readyToPlay(itemID: item.id) }
        #expect(item.currentMediaSelection.audible == french)
        var firstCues = first.cues.makeAsyncIterator()
        var secondCues = second.cues.makeAsyncIterator()
        #expect(await firstCues.next() == cue)
        #expect(await secondCues.next() == cue)
        item.remove(second)
        #expect(item.legibleOutputs.count == 1)
    }
}
