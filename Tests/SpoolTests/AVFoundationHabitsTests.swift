import Foundation
import Spool
import SpoolTestSupport
import Testing

/// What a Swift developer coming from AVFoundation writes first, without closures to spell:
/// a loader's default asset maker, `URLAsset.init(url:)` as a function, audio by name.
@Suite("AVFoundation's habits: default loader, URLAsset.init(url:), PlayerConfiguration(audio:)")
struct AVFoundationHabitsTests {
    @Test("PropertyAssetLoader() makes a URLAsset per URL and loads it; URLAsset.init(url:) is a function value")
    func defaultLoader() async throws {
        let url = try await TestMedia.url(for: .h264AACMP4)
        let loaded = try await PropertyAssetLoader().load(url: url)
        #expect(loaded.asset.url == url && !loaded.isLive)
        let makeAsset: @Sendable (URL) -> URLAsset = URLAsset.init(url:)
        let explicit = try await PropertyAssetLoader(makeAsset: makeAsset).load(url: url)
        #expect(explicit.asset.url == url)
    }

    @Test("PlayerConfiguration(audio:): .none plays no audio, .spec names the output; the old factory init remains")
    func audioByName() throws {
        let clock = ContinuousClock()
        #expect(PlayerConfiguration(audio: .none, videoOutput: nil, clock: clock).makeAudioOutput == nil)
        let null = try #require(
            PlayerConfiguration(audio: .spec(.null), videoOutput: nil, clock: clock).makeAudioOutput)
        #expect(try null().name == "null")
        let untimed = PlayerConfiguration(audio: .default, videoOutput: nil, isUntimed: true, clock: clock)
        #expect(untimed.makeAudioOutput != nil && untimed.isUntimed)
        let custom = PlayerConfiguration(
            makeAudioOutput: { AudioOutputs.make(.null, clock: clock) }, videoOutput: nil, clock: clock)
        #expect(try custom.makeAudioOutput?().name == "null")
    }
}
