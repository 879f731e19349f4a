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
        "pinning the other variant after the start: buffered frames play out, every later frame and request is the new variant's"
    )
    func pinWhilePlaying() async throws {
        let directory = try await HLSLadder.directory(.ts)
        // The third segment's request (of whichever variant) waits until the pin is set, so
        // however fast the untimed pipeline runs ahead on a loaded machine, segments 3 to 5
        // are chosen after it.
        let pinned = DispatchSemaphore(value: 0)
        let server = try LoopbackHTTPServer()
        server.setRoute(prefix: "/hls/") { request in
            let name = String(request.path.dropFirst("/hls/".count))
            if name.hasSuffix("_002.ts") { _ = pinned.wait(timeout: .now() + 30) }
            guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent(name).path) else {
                return .status(404)
            }
            return .file(data)
        }
        defer { server.stop() }
        let listing = try PlayTool.scratchPath("hls-pin.framemd5")
        let video = try FrameMD5VideoOutput(path: listing)
        defer { video.stop() }
        let player = Player(
            configuration: EngineConfigurations.untimed(wavPrefix: try PlayTool.scratchPath("hls-pin"), video: video))
        let events = StreamRecorder(player.itemEvents())
        let item = PlayerItem(url: server.url("/hls/master.m3u8"))
        item.preferredVariantIndex = 0
        item.preferredForwardBufferDuration = 2
        player.replaceCurrentItem(with: item)
        #expect(await events.wait { $0.contains(.readyToPlay(itemID: item.id)) })
        let requestsBeforePin = server.log.requests.count
        item.preferredVariantIndex = 1
        pinned.signal()
        player.play()
        #expect(await events.wait(timeout: .seconds(60)) { $0.contains(.didPlayToEnd(itemID: item.id)) })
        video.stop()

        let hashes = PlayTool.hashColumn(try String(contentsOfFile: listing, encoding: .utf8))
        let high = PlayTool.hashColumn(
            try await PlayTool.ffmpegFrameMD5(of: directory.appendingPathComponent("v0.m3u8")))
        let low = PlayTool.hashColumn(
            try await PlayTool.ffmpegFrameMD5(of: directory.appendingPathComponent("v1.m3u8")))
        try #require(hashes.count == 300 && high.count == 300 && low.count == 300)
        // Every frame is one variant's frame at its own position: no gap, no repeat.
        #expect(hashes.indices.allSatisfy { hashes[$0] == high[$0] || hashes[$0] == low[$0] })
        #expect(hashes[0..<50].elementsEqual(high[0..<50]), "the first segment was fetched while pinned to 0")
        #expect(hashes[150..<300].elementsEqual(low[150..<300]), "segments 3 to 5 come after the pin")
        // Once the new variant's segments start, the old one's are not fetched again.
        let segments = server.log.requests.dropFirst(requestsBeforePin).map(\.path).filter { $0.hasSuffix(".ts") }
        let firstLow = try #require(segments.firstIndex { $0.hasPrefix("/hls/v1_") }, "\(segments)")
        #expect(!segments[firstLow...].contains { $0.hasPrefix("/hls/v0_") }, "\(segments)")
    }
}
