import Foundation
import SpoolTestSupport
import Testing

@testable import Spool

/// Manual quality while an HLS item plays: `preferredVariantIndex` changed mid-item reaches
/// the segment stream (the player view's quality menu uses it).
@MainActor
@Suite("HLS variant pinned while playing (integration)", .serialized)
struct HLSVariantPinIntegrationTests {
    @Test(
        "pinning the other variant after the start: the buffered segment plays out, every later request is the new variant's"
    )
    func pinWhilePlaying() async throws {
        let directory = try await HLSLadder.directory(.ts)
        let server = try HLSLadder.serve(directory)
        defer { server.stop() }
        // Real time, so that while paused the playhead stays at the start and the 2 s forward
        // buffer holds the download to the first segment or two (untimed, the pipeline ran
        // ahead of it on a loaded machine and fetched everything before the pin). No video
        // output: a loaded machine may drop late frames, and the requests tell which variant
        // each segment came from.
        let player = Player(configuration: EngineConfigurations.timed(video: nil, audio: true))
        let events = StreamRecorder(player.itemEvents())
        let item = PlayerItem(url: server.url("/hls/master.m3u8"))
        item.preferredVariantIndex = 0
        item.preferredForwardBufferDuration = 2
        player.replaceCurrentItem(with: item)
        #expect(await events.wait { $0.contains(.readyToPlay(itemID: item.id)) })
        let requestsBeforePin = server.log.requests.count
        item.preferredVariantIndex = 1
        player.play()
        #expect(await events.wait(timeout: .seconds(90)) { $0.contains(.didPlayToEnd(itemID: item.id)) })
        #expect(item.error == nil)

        let segments = server.log.requests.map(\.path).filter { $0.hasSuffix(".ts") }
        let afterPin = server.log.requests.dropFirst(requestsBeforePin).map(\.path).filter { $0.hasSuffix(".ts") }
        #expect(segments.first == "/hls/v0_000.ts", "\(segments)")
        // Six segments in all, each once: the pin changes the variant, not the position.
        let numbers = segments.map { String($0.suffix(6).prefix(3)) }
        #expect(numbers == ["000", "001", "002", "003", "004", "005"], "\(segments)")
        // Once the new variant's segments start, the old one's are not fetched again, and the
        // last two (fetched well after the pin, the buffer holding 2 s) are the new variant's.
        let firstLow = try #require(afterPin.firstIndex { $0.hasPrefix("/hls/v1_") }, "\(segments)")
        #expect(!afterPin[firstLow...].contains { $0.hasPrefix("/hls/v0_") }, "\(segments)")
        #expect(segments.suffix(2) == ["/hls/v1_004.ts", "/hls/v1_005.ts"], "\(segments)")
    }
}
