import Foundation
import Spool
import SpoolCore
import SpoolTestSupport
import Testing

/// HLS on the real engine in virtual time: the ladder of `HLSLadder` (two variants, 12 s of
/// 2-s segments) answered by `EngineClockHTTPTransport`, so the fetcher's retries, its silence
/// watchdog and the failover wait on the virtual clock (`VirtualTimePlayback`). What the
/// wall-clock test of a silent server could only bound loosely (22–26 s idle, 26.1 s once
/// under load) comes out here to the instant, the same on every run.
@MainActor
@Suite("HLS in virtual time (integration)", .timeLimit(.minutes(3)))
struct HLSVirtualTimeIntegrationTests {
    static let master = URL(string: "http://127.0.0.1/hls/master.m3u8")!

    /// Requests and cancellations on the virtual clock, in order.
    final class RequestLog: Sendable {
        let entries = ConditionLock<[(at: Duration, name: String)]>([])
        func record(_ name: String, at instant: Duration) { entries.update { $0.append((instant, name)) } }
        var all: [(at: Duration, name: String)] { entries.withLock { $0 } }
    }

    /// The ladder's files by name, and a route serving them (or `silent` for the names it picks).
    static func route(
        _ files: [String: Data], clock: @escaping @Sendable () -> Duration, log: RequestLog,
        silent: @escaping @Sendable (String) -> Bool = { _ in false }
    ) -> EngineClockHTTPTransport.Route {
        { request in
            let name = request.url.lastPathComponent
            log.record(name, at: clock())
            if silent(name) {
                // A server that sends the head and then one byte a minute.
                return ScriptedResponse(
                    status: 200, body: Data(count: 1 << 20), throttle: .init(chunkSize: 1, delay: .seconds(60)))
            }
            guard let data = files[name] else { return .status(404) }
            return .file(data)
        }
    }

    static func ladderFiles() async throws -> [String: Data] {
        let directory = try await HLSLadder.directory(.ts)
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
            files[name] = try Data(contentsOf: directory.appendingPathComponent(name))
        }
        return files
    }

    @Test("the VOD ladder plays to its end at 12 s without a stall; every segment of one variant is fetched once")
    func playsToTheEnd() async throws {
        let files = try await Self.ladderFiles()
        let log = RequestLog()
        let playback = VirtualTimePlayback(
            hls: Self.master, route: { clock in Self.route(files, clock: { clock.now() }, log: log) }, audio: true,
            video: NullVideoOutput())
        defer { playback.finish() }
        await playback.run(until: .seconds(11))
        let playhead = playback.player.currentTime().seconds
        #expect(playhead > 10.9 && playhead <= 11.0, "at 11 s of virtual time the playhead reads \(playhead) s")
        await playback.run(until: .seconds(13))
        #expect(await playback.playedToEnd(), "no end: \(playback.events.elements)")
        #expect(playback.statistics.stalls == 0)
        let segments = log.all.map(\.name).filter { $0.hasSuffix(".ts") }
        #expect(Set(segments).count == segments.count, "a segment fetched twice: \(segments)")
        #expect(segments.count >= 6, "\(segments)")
    }

    /// Plays the ladder with every segment after each variant's first going silent, and
    /// returns when (on the virtual clock) the first silent request began and the fetcher
    /// gave up its last silent transfer, once the item has failed.
    func silentServerRun(files: [String: Data]) async throws -> (
        silentFrom: Duration, failedBy: Duration, error: String
    ) {
        let log = RequestLog()
        let cancels = RequestLog()
        let playback = VirtualTimePlayback(
            hls: Self.master,
            route: { clock in
                Self.route(
                    files, clock: { clock.now() }, log: log,
                    silent: { $0.hasSuffix(".ts") && $0 != "v0_000.ts" && $0 != "v1_000.ts" })
            }, audio: true, video: NullVideoOutput(),
            onCancel: { request, instant in cancels.record(request.url.lastPathComponent, at: instant) })
        defer { playback.finish() }
        await playback.run(until: .seconds(2))
        let silentFrom = try #require(
            log.all.first { $0.name.hasSuffix(".ts") && $0.name != "v0_000.ts" && $0.name != "v1_000.ts" }?.at,
            "no segment request went silent by 2 s: \(log.all.map(\.name))")
        // The clock never passes the limit: an item failed while it stands there failed by then.
        await playback.run(until: silentFrom + .seconds(30))
        let id = playback.item.id
        let failed = await playback.events.wait {
            $0.contains { event in
                switch event {
                case .failed(let item, _), .failedToPlayToEnd(let item, _): item == id
                default: false
                }
            }
        }
        #expect(failed, "not failed 30 s after the silence began: \(playback.events.elements)")
        let error = playback.item.error.map { "\($0)" } ?? ""
        return (silentFrom, try #require(cancels.all.last?.at, "no transfer was given up"), error)
    }

    @Test(
        "a server that goes silent fails the item within 30 s of virtual time, naming the URL, at the same instant every run"
    )
    func silentServerFailsDeterministically() async throws {
        let files = try await Self.ladderFiles()
        let first = try await silentServerRun(files: files)
        // The error names what went silent: a segment of the server's, not just the item.
        #expect(first.error.contains("127.0.0.1/hls/v"), "\(first.error)")
        // Each silent segment costs the fetcher's 6-s silence limit, with 1 s and 2 s between
        // tries, and the failover to the other variant's silent segments.
        #expect(first.failedBy - first.silentFrom <= .seconds(30))
        let second = try await silentServerRun(files: files)
        #expect(
            first.silentFrom == second.silentFrom && first.failedBy == second.failedBy,
            "two runs differ: \(first) and \(second)")
        print("silent server: silent from \(first.silentFrom), the last silent transfer given up at \(first.failedBy)")
    }
}
