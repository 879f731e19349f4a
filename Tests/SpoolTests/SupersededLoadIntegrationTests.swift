import Foundation
import SpoolTestSupport
import Testing

@testable import Spool

/// The seed's promise against real I/O: switching items stops the previous item's download.
/// A real HTTP server on loopback is the witness; the real FFmpeg probe is the loader.
@MainActor
@Suite("Superseded loads (integration)", .timeLimit(.minutes(3)))
struct SupersededLoadIntegrationTests {
    @Test("a superseded load's download stops long before the file is served; only B's states are seen")
    func supersededDownloadStops() async throws {
        let stream = try Data(contentsOf: try await TestMedia.url(for: .h264AACTransportStream))
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        // ~16 KiB/s: serving the whole stream takes many seconds; the probe needs most of it.
        server.setRoute("/slow.ts", .file(stream, throttle: .rate(bytesPerSecond: 16 << 10, chunkSize: 2 << 10)))
        let local = try await TestMedia.url(for: .h264AACMP4)

        let store = PlaybackStateStore()
        let engine = FakePlaybackEngine<URLAsset>()
        let controller = PlayerController(
            player: engine, loader: PropertyAssetLoader { URLAsset(url: $0) }, stateStore: store)

        let loadA = controller.load(itemID: "A", url: server.url("/slow.ts"))
        // Generous: on a loaded machine the probe's first bytes once took more than 10 s.
        let downloading = await server.waitUntil(timeout: .seconds(30)) { log in
            (log.connections.first?.bodyBytesSent ?? 0) >= 8 << 10
        }
        #expect(downloading)
        let updates = await store.updates()
        var states = updates.makeAsyncIterator()
        let servedAtSwitch = server.log.connections.map(\.bodyBytesSent).reduce(0, +)
        let supersededAt = ContinuousClock.now
        let loadB = controller.load(itemID: "B", url: local)
        await loadA.value

        // Under load a stall (no byte for the policy's 8 s) may retry A with a Range request
        // before the switch; what the switch must do is close A's last connection at once and
        // never ask again.
        let closed = await server.waitUntil(timeout: .seconds(5)) { log in
            !log.connections.isEmpty && log.connections.allSatisfy(\.isClosed)
        }
        #expect(closed)
        let connection = try #require(server.log.connections.last)
        #expect(connection.clientClosedEarly)
        // What the switch owns is the bytes served after it: the time before it stretches on a
        // loaded machine (CI once served 124 KiB before the switch). At the throttle's 16 KiB/s,
        // the 2 s the close may take are 32 KiB, plus the chunks already in the socket.
        let served = server.log.connections.map(\.bodyBytesSent).reduce(0, +)
        #expect(served - servedAtSwitch < 48 << 10)
        #expect(served < stream.count)
        let closedAt = try #require(connection.closedAt)
        #expect(closedAt - supersededAt < .seconds(2))

        await loadB.value
        var seen: [PlaybackState] = []
        while let state = await states.next(isolation: #isolation) {
            seen.append(state)
            if state == .playing(itemID: "B") { break }
        }
        // The stream may start with A's loading state (the current one when subscribing);
        // after B began, nothing of A may appear — least of all A's failure.
        let afterB = seen.drop { $0.itemID != "B" }
        #expect(!afterB.isEmpty && afterB.allSatisfy { $0.itemID == "B" })
        #expect(!seen.contains { if case .failed = $0 { true } else { false } })
        #expect(engine.replacedAssets.count == 1 && engine.replacedAssets.first??.url == local)
        let requests = server.log.requests
        let asksAfterClose = requests.filter { $0.receivedAt > closedAt }
        #expect(
            asksAfterClose.isEmpty, "A re-requested after the switch: \(requests.map { $0.header("Range") ?? "whole" })"
        )
        #expect(requests.allSatisfy { $0.path == "/slow.ts" })
    }
}
