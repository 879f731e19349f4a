import Foundation
import Spool
import SpoolTestSupport
import Testing

/// The seed's "next episode while loading", 200 times over: superseded loads leave nothing
/// running. It counts this process's threads (`/proc/self/task`), which other tests running
/// beside it would change, so it runs in the serial pass (`REALTIME_SUITES` in the Makefile).
@MainActor
@Suite("Rapid loads leave nothing running (integration)", .timeLimit(.minutes(3)))
struct RapidLoadsIntegrationTests {
    /// The seed's scenario on the real engine: the user skips through episodes faster than
    /// they load. Slow items are throttled HTTP streams whose download is under way when the
    /// next load supersedes them; the others answer 404.
    @Test("many rapid loads alternating a slow and a failing item: only the last item's states, nothing left running")
    func nextEpisodeWhileLoading() async throws {
        let loads = 200
        let stream = try Data(contentsOf: try await TestMedia.url(for: .h264AACTransportStream))
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let throttle = ScriptedResponse.Throttle.rate(bytesPerSecond: 256 << 10, chunkSize: 4 << 10)
        server.setRoute(prefix: "/slow/") { _ in .file(stream, throttle: throttle) }
        server.setRoute(prefix: "/missing/") { _ in .status(404) }
        server.setRoute("/warm-up.ts", .file(stream))

        let player = Player(configuration: EngineConfigurations.timed(video: nil, audio: true))
        let store = PlaybackStateStore()
        let controller = PlayerController(
            player: player, loader: PropertyAssetLoader { URLAsset(url: $0) }, stateStore: store)

        // Warm-up: the first HTTP load and playback start URLSession's and the pools' threads
        // for good; the baseline is taken after them.
        let states = StreamRecorder(await store.updates())
        await controller.load(itemID: "warm-up", url: server.url("/warm-up.ts")).value
        #expect(await states.wait { $0.last == .playing(itemID: "warm-up") })
        await controller.stop()
        #expect(await server.waitUntil(timeout: .seconds(10)) { $0.connections.allSatisfy(\.isClosed) })
        #expect(
            await eventually(timeout: .seconds(10)) { ThreadCensus.take().engineThreads.isEmpty },
            "item threads left by earlier tests: \(ThreadCensus.take().engineThreads)")
        let baseline = ThreadCensus.take()

        let last = ItemID("episode-\(loads - 1)")
        var lastTask: Task<Void, Never>?
        for index in 0..<loads {
            let isSlow = index % 2 == 1
            let path = isSlow ? "/slow/\(index).ts" : "/missing/\(index).ts"
            lastTask = controller.load(itemID: ItemID("episode-\(index)"), url: server.url(path))
            if isSlow && index < loads - 1 {
                // Supersede it only once its download is under way.
                #expect(await server.waitUntil(timeout: .seconds(10)) { !$0.requests(to: path).isEmpty })
            }
        }
        await lastTask?.value
        #expect(await states.wait { $0.last == .playing(itemID: last) }, "states: \(states.elements.suffix(5))")

        // Once the last item began, nothing of any other item may be seen.
        let seen = states.elements
        let lastBegan = try #require(seen.firstIndex { $0.itemID == last })
        #expect(seen[lastBegan...].allSatisfy { $0.itemID == last }, "after the last load: \(seen[lastBegan...])")
        #expect(!seen[lastBegan...].contains { if case .failed = $0 { true } else { false } })

        // No superseded download is still running: every connection but the last item's closed.
        let lastPath = "/slow/\(loads - 1).ts"
        let othersClosed = await server.waitUntil(timeout: .seconds(10)) { log in
            let lastConnections = Set(log.requests(to: lastPath).map(\.connectionID))
            return log.connections.allSatisfy { $0.isClosed || lastConnections.contains($0.id) }
        }
        #expect(othersClosed)
        let log = server.log
        let slowRequests = log.requests.filter { $0.path.hasPrefix("/slow/") && $0.path != lastPath }
        #expect(Set(slowRequests.map(\.path)).count == loads / 2 - 1)
        for request in slowRequests {
            let connection = log.connections[request.connectionID - 1]
            #expect(connection.bodyBytesSent < stream.count, "\(request.path) was downloaded whole")
        }

        await controller.stop()
        states.stop()
        #expect(await server.waitUntil(timeout: .seconds(10)) { $0.connections.allSatisfy(\.isClosed) })
        // Threads back to the baseline: no engine or loading thread is left, and the total is
        // back too (a little slack for threads of tests running in parallel with this one).
        var census = ThreadCensus.take()
        let settled = await eventually(timeout: .seconds(15)) {
            census = ThreadCensus.take()
            return census.engineThreads.isEmpty && census.count <= baseline.count + 2
        }
        #expect(settled, "baseline: \(baseline.count) [\(baseline)]; now: \(census.count) [\(census)]")
    }
}
