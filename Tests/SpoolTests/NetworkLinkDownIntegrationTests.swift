import Foundation
import SpoolTestSupport
import Testing

/// Real outages: `spool play` runs in a network namespace of its own, nginx in another, joined
/// by a veth pair. The test takes the link down and brings it back (or stops the server and
/// starts it again). The player's `NetworkMonitor` (rtnetlink, inside spool's namespace)
/// reports both changes, the player says it waits for the network instead of failing, and
/// playback resumes and plays to the end.
@Suite(
    "spool play: the network goes away and comes back (network namespaces, integration)", .serialized,
    .timeLimit(.minutes(3)), .enabled(if: NetworkNamespacePair.isAvailable, "needs root and iproute2"))
struct NetworkLinkDownIntegrationTests {
    static let seconds = 16

    /// A small A/V clip with its index first (read front to back).
    static func clip() async throws -> URL {
        let directory = try TestMedia.directory().appendingPathComponent("link-down-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("clip.mp4")
        _ = try await PlayTool.ffmpeg([
            "-f", "lavfi", "-i", "testsrc=size=160x120:rate=25:duration=\(seconds)", "-f", "lavfi", "-i",
            "sine=frequency=440:duration=\(seconds)", "-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p",
            "-c:a", "aac", "-b:a", "96k", "-movflags", "+faststart", "-shortest", "-y", path.path,
        ])
        return path
    }

    /// nginx serving `root` on the pair's server side, each response at `limitRate` bytes/s.
    static func nginx(_ root: URL, limitRate: Int, in pair: NetworkNamespacePair) -> NginxConfiguration {
        var configuration = NginxConfiguration(root: root)
        configuration.listenAddress = pair.serverAddress
        configuration.limitRate = limitRate
        return configuration
    }

    /// What one run left behind.
    struct Run {
        let output: ToolOutput
        let log: [PlayEvent]
        let frames: [Substring]
        var networkStatuses: [String] {
            log.filter { $0.type == "network" }.compactMap { $0.fields["status"] as? String }
        }
        var waitingReasons: [String] {
            log.filter { $0.type == "waiting" }.map { ($0.fields["reason"] as? String) ?? "nil" }
        }
    }

    /// Plays `url` in the pair's client namespace (framemd5 and events written), runs
    /// `disrupt` `after` the first frame is ready (real time: the outage is real), and waits
    /// for the end. The run must exit 0.
    static func play(
        _ url: URL, in pair: NetworkNamespacePair, after: Duration, disrupt: () async throws -> Void
    ) async throws -> Run {
        let listing = try PlayTool.scratchPath("outage.framemd5")
        let events = try PlayTool.scratchPath("outage.events")
        let (ip, arguments) = pair.clientCommand(
            try ToolRunner.builtProduct("spool"),
            [
                "play", "--no-mpris", "--no-resume", "--stats", "--vo", "framemd5:\(listing)", "--ao", "null",
                "--events", events, url.absoluteString,
            ])
        let playback = Task { try await ToolRunner.run(ip, arguments, timeout: .seconds(120)) }
        let started = await waitForEvent(in: events, timeout: .seconds(30)) { $0.type == "ready" }
        try #require(started, "spool never became ready")
        try await Task.sleep(for: after)
        try await disrupt()
        let output = try await playback.value
        #expect(!output.timedOut)
        #expect(output.status == 0, "stderr: \(output.errorText)")
        return Run(
            output: output, log: try PlayEvent.read(events),
            frames: PlayTool.frameLines(try String(contentsOfFile: listing, encoding: .utf8)))
    }

    /// Every frame of `clip` as ffmpeg decodes it, once, in order.
    static func expectEveryFrame(_ run: Run, of clip: URL) async throws {
        let reference = PlayTool.frameLines(
            try await PlayTool.ffmpegFrameMD5(of: clip, inputOptions: ["-threads", "1"]))
        // The stalls dropped none: the device is paused with the clock, so nothing is heard
        // past it and the clock does not jump at the resume.
        let missing = Set(reference).subtracting(run.frames)
        #expect(missing.isEmpty, "missing: \(missing.sorted())")
        #expect(run.frames == reference)
    }

    @Test("a 10 s outage mid-play: network events down and up, waitingForNetwork, every frame, exit 0")
    func linkDownForTenSeconds() async throws {
        let clip = try await Self.clip()
        let size = try Data(contentsOf: clip).count
        try await NetworkNamespacePair.with { pair in
            // About 1.5× the media's rate: the outage outlasts what is buffered when it starts.
            let configuration = Self.nginx(
                clip.deletingLastPathComponent(), limitRate: size * 3 / 2 / Self.seconds, in: pair)
            let server = try await NginxServer.start(configuration, inNetworkNamespace: pair.server)
            defer { server.stop() }
            let run = try await Self.play(server.url("/clip.mp4"), in: pair, after: .seconds(3)) {
                try await pair.setClientLink(up: false)
                try await Task.sleep(for: .seconds(10))
                try await pair.setClientLink(up: true)
            }
            let network = run.networkStatuses
            #expect(network.first == "satisfied", "\(run.log)")
            #expect(network.contains("unsatisfied"), "the monitor saw the link go down: \(run.log)")
            #expect(network.last == "satisfied", "and come back: \(run.log)")
            let waiting = run.waitingReasons
            #expect(waiting.first == "waitingForNetwork", "\(run.log)")
            #expect(waiting.count >= 2 && waiting.last != "waitingForNetwork", "the wait ended: \(run.log)")
            #expect(run.output.errorText.contains("the network is down"), "stderr: \(run.output.errorText)")
            try await Self.expectEveryFrame(run, of: clip)
        }
    }

    @Test("the server down for 5 s mid-play (its nginx stopped, then started again): every frame, exit 0")
    func serverDownForFiveSeconds() async throws {
        let clip = try await Self.clip()
        let size = try Data(contentsOf: clip).count
        try await NetworkNamespacePair.with { pair in
            let configuration = Self.nginx(
                clip.deletingLastPathComponent(), limitRate: size * 3 / 2 / Self.seconds, in: pair)
            var server = try await NginxServer.start(configuration, inNetworkNamespace: pair.server)
            let url = server.url("/clip.mp4")
            // Down: connections are refused (the link stays up, so the network path is fine and
            // the retries are the load-error policy's).
            let run = try await Self.play(url, in: pair, after: .seconds(3)) {
                server.stop()
                try await Task.sleep(for: .seconds(5))
                server = try await NginxServer.start(configuration, inNetworkNamespace: pair.server)
            }
            server.stop()
            #expect(!run.log.contains { $0.type == "error" }, "\(run.log)")
            #expect(!run.waitingReasons.contains("waitingForNetwork"), "\(run.log)")
            try await Self.expectEveryFrame(run, of: clip)
        }
    }

    @Test("HLS through a 10 s outage: the fetches wait for the network, then the stream plays on to its end")
    func hlsThroughAnOutage() async throws {
        let ladder = try await HLSTestMedia.ladder(.ts)
        try await NetworkNamespacePair.with { pair in
            // 60 kB/s per response: what is buffered a second in is far less than the outage.
            let configuration = Self.nginx(ladder.root, limitRate: 60_000, in: pair)
            let server = try await NginxServer.start(configuration, inNetworkNamespace: pair.server)
            defer { server.stop() }
            let run = try await Self.play(server.url(ladder.masterPlaylistPath), in: pair, after: .seconds(1)) {
                try await pair.setClientLink(up: false)
                try await Task.sleep(for: .seconds(10))
                try await pair.setClientLink(up: true)
            }
            #expect(run.networkStatuses.contains("unsatisfied") && run.networkStatuses.last == "satisfied")
            #expect(run.waitingReasons.contains("waitingForNetwork"), "\(run.log)")
            #expect(!run.log.contains { $0.type == "error" }, "\(run.log)")
            // No frame twice, in order, to the last (whatever variant each came from).
            let times = run.frames.compactMap { Int($0.split(separator: ",")[2].trimmingCharacters(in: .whitespaces)) }
            #expect(times == times.sorted() && Set(times).count == times.count && times.last == 199, "\(times)")
            // Every frame: when the outage cuts a segment short, the audio (which ffmpeg's TS
            // muxer writes up to 0.7 s ahead of the video) would play on past the last video
            // frames; the render thread finds the stall when the next frame is due instead, so
            // none is dropped as late at the resume (1 to 3 were, before).
            #expect(run.frames.count == 200, "\(run.frames.count) frames: \(run.output.outputText)")
        }
    }

    /// Polls the events file until an event matches (real time; spool writes it as it plays).
    static func waitForEvent(in path: String, timeout: Duration, _ matches: (PlayEvent) -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let log = try? PlayEvent.read(path), log.contains(where: matches) { return true }
            try? await Task.sleep(for: .milliseconds(100))
        }
        return false
    }
}
