import Foundation
import Spool
import SpoolTestSupport
import Testing

/// One language rule for files and HLS: a user's `fr`, `fra` or `fre` finds the French track of
/// an MKV (whose container writes `fra`) and the French rendition of an HLS ladder (whose
/// playlist writes `fr`), and both report `fr` as their tag. Media made by the ffmpeg CLI.
@Suite("one language rule: ISO 639-1 and 639-2/T/B for files and HLS (integration)", .serialized)
struct LanguageRuleIntegrationTests {
    static let frenchSpellings = ["fr", "fra", "fre", "FRE"]

    @Test("fr, fra and fre all find the MKV's French audio track and subtitle track; its tag is fr")
    func fileTracks() async throws {
        let asset = URLAsset(url: try await FileTracksMedia.twoLanguagesMKV())
        for characteristic in [MediaCharacteristic.audible, .legible] {
            let group = try #require(try await asset.loadMediaSelectionGroup(for: characteristic))
            for spelling in Self.frenchSpellings {
                let found = group.options(matchingLanguages: [spelling])
                #expect(found.count == 1, "\(characteristic) \(spelling): \(found)")
                #expect(found.first?.extendedLanguageTag == "fr", "\(characteristic) \(spelling)")
            }
        }
    }

    @Test("fr, fra and fre all find the HLS ladder's French audio rendition; its tag is fr")
    func hlsRenditions() async throws {
        let ladder = try await HLSTestMedia.ladder(.twoAudioLanguages)
        let server = try await NginxServer.start(NginxConfiguration(root: try HLSTestMedia.root()))
        defer { server.stop() }
        let asset = URLAsset(url: server.url(ladder.masterPlaylistPath))
        let group = try #require(try await asset.loadMediaSelectionGroup(for: .audible))
        for spelling in Self.frenchSpellings {
            let found = group.options(matchingLanguages: [spelling])
            #expect(found.map(\.displayName) == ["French"], "\(spelling)")
            #expect(found.first?.extendedLanguageTag == "fr", "\(spelling)")
        }
    }

    @Test("selection criteria in fre pick the MKV's French audio track, as --audio-lang does")
    @MainActor
    func criteriaUseTheSameRule() async throws {
        let url = try await FileTracksMedia.twoLanguagesMKV()
        let player = Player(
            configuration: PlayerConfiguration(
                makeAudioOutput: { NullAudioOutput(clock: ContinuousClock(), timed: false) }, videoOutput: nil,
                isUntimed: true, clock: ContinuousClock()))
        player.setMediaSelectionCriteria(
            MediaSelectionCriteria(preferredLanguages: ["fre"]), forMediaCharacteristic: .audible)
        let item = PlayerItem(url: url)
        let events = StreamRecorder(player.itemEvents())
        defer { events.stop() }
        player.replaceCurrentItem(with: item)
        player.play()
        #expect(await events.wait { $0.contains(.readyToPlay(itemID: item.id)) })
        #expect(item.currentMediaSelection.audible?.extendedLanguageTag == "fr")
        player.pause()
    }
}
