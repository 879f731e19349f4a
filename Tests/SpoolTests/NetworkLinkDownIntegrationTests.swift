import Foundation
import SpoolTestSupport
import Testing

/// The link taken down for 10 s in the middle of a progressive download: `spool play` runs in
/// a network namespace of its own, nginx in another, joined by a veth pair the test takes
/// down and brings back. The player's `NetworkMonitor` (rtnetlink, inside spool's namespace)
/// reports both changes, the player says it waits for the network instead of failing, and
/// playback resumes and presents every frame as ffmpeg decodes the file.
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

    @Test("a 10 s outage mid-play: network events down and up, waitingForNetwork, every frame, exit 0")
    func linkDownForTenSeconds() async throws {
        let clip = try await Self.clip()
        let size = try Data(contentsOf: clip).count
        try await NetworkNamespacePair.with { pair in
            var configuration = NginxConfiguration(root: clip.deletingLastPathComponent())
            configuration.listenAddress = pair.serverAddress
            // About 1.5× the media's rate: the outage outlasts what is buffered when it starts.
            configuration.limitRate = size * 3 / 2 / Self.seconds
            let server = try await NginxServer.start(configuration, inNetworkNamespace: pair.server)
            defer { server.stop() }

            let listing = try PlayTool.scratchPath("link-down.framemd5")
            let events = try PlayTool.scratchPath("link-down.events")
            let (ip, arguments) = pair.clientCommand(
                try ToolRunner.builtProduct("spool"),
                [
                    "play", "--no-mpris", "--no-resume", "--vo", "framemd5:\(listing)", "--ao", "null", "--events",
                    events,
                    server.url("/clip.mp4").absoluteString,
                ])
            let playback = Task { try await ToolRunner.run(ip, arguments, timeout: .seconds(120)) }
            // Wait for playback to be under way (real time: the outage is real).
            let started = await Self.waitForEvent(in: events, timeout: .seconds(30)) { $0.type == "ready" }
            try #require(started, "spool never became ready")
            try await Task.sleep(for: .seconds(3))
            try await pair.setClientLink(up: false)
            try await Task.sleep(for: .seconds(10))
            try await pair.setClientLink(up: true)
            let output = try await playback.value
            #expect(!output.timedOut)
            #expect(output.status == 0, "stderr: \(output.errorText)")

            let log = try PlayEvent.read(events)
            let raw = (try? String(contentsOfFile: events, encoding: .utf8)) ?? ""
            let network = log.filter { $0.type == "network" }.compactMap { $0.fields["status"] as? String }
            #expect(network.first == "satisfied", "\(raw)")
            #expect(network.contains("unsatisfied"), "the monitor saw the link go down: \(log)")
            #expect(network.last == "satisfied", "and come back: \(log)")
            let waiting = log.filter { $0.type == "waiting" }.map { ($0.fields["reason"] as? String) ?? "nil" }
            #expect(waiting.first == "waitingForNetwork", "\(log)")
            #expect(waiting.count >= 2 && waiting.last != "waitingForNetwork", "the wait ended: \(log)")
            #expect(output.errorText.contains("the network is down"), "stderr: \(output.errorText)")
            let reference = try await PlayTool.ffmpegFrameMD5(of: clip, inputOptions: ["-threads", "1"])
            let ours = try String(contentsOfFile: listing, encoding: .utf8)
            // Every frame, once, in order: the stalls dropped none (the device is paused with the
            // clock, so nothing is heard past it and the clock does not jump at the resume).
            let missing = Set(PlayTool.frameLines(reference)).subtracting(PlayTool.frameLines(ours))
            #expect(missing.isEmpty, "missing: \(missing.sorted())")
            #expect(ours == reference)
        }
    }

    @Test("the server down for 5 s mid-play (its nginx stopped, then started again): every frame, exit 0")
    func serverDownForFiveSeconds() async throws {
        let clip = try await Self.clip()
        let size = try Data(contentsOf: clip).count
        try await NetworkNamespacePair.with { pair in
            var configuration = NginxConfiguration(root: clip.deletingLastPathComponent())
            configuration.listenAddress = pair.serverAddress
            configuration.limitRate = size * 3 / 2 / Self.seconds
            var server = try await NginxServer.start(configuration, inNetworkNamespace: pair.server)
            let url = server.url("/clip.mp4").absoluteString

            let listing = try PlayTool.scratchPath("server-down.framemd5")
            let events = try PlayTool.scratchPath("server-down.events")
            let (ip, arguments) = pair.clientCommand(
                try ToolRunner.builtProduct("spool"),
                [
                    "play", "--no-mpris", "--no-resume", "--vo", "framemd5:\(listing)", "--ao", "null", "--events",
                    events,
                    url,
                ])
            let playback = Task { try await ToolRunner.run(ip, arguments, timeout: .seconds(120)) }
            let started = await Self.waitForEvent(in: events, timeout: .seconds(30)) { $0.type == "ready" }
            try #require(started, "spool never became ready")
            try await Task.sleep(for: .seconds(3))
            // Down: connections are refused (the link stays up, so the network path is fine and the
            // retries are the load-error policy's).
            server.stop()
            try await Task.sleep(for: .seconds(5))
            server = try await NginxServer.start(configuration, inNetworkNamespace: pair.server)
            defer { server.stop() }
            let output = try await playback.value
            #expect(!output.timedOut)
            #expect(output.status == 0, "stderr: \(output.errorText)")
            let log = try PlayEvent.read(events)
            #expect(!log.contains { $0.type == "error" }, "\(log)")
            #expect(!log.contains { $0.type == "waiting" && ($0.fields["reason"] as? String) == "waitingForNetwork" })
            let reference = PlayTool.frameLines(
                try await PlayTool.ffmpegFrameMD5(of: clip, inputOptions: ["-threads", "1"]))
            let ours = PlayTool.frameLines(try String(contentsOfFile: listing, encoding: .utf8))
            let missing = Set(reference).subtracting(ours)
            #expect(missing.isEmpty, "missing: \(missing.sorted())")
            #expect(ours == reference)
        }
    }

    @Test("HLS through a 10 s outage: the fetches wait for the network, then the stream plays on to its end")
    func hlsThroughAnOutage() async throws {
        let ladder = try await HLSTestMedia.ladder(.ts)
        try await NetworkNamespacePair.with { pair in
            var configuration = NginxConfiguration(root: ladder.root)
            configuration.listenAddress = pair.serverAddress
            // 60 kB/s per response: what is buffered a second in is far less than the outage.
            configuration.limitRate = 60_000
            let server = try await NginxServer.start(configuration, inNetworkNamespace: pair.server)
            defer { server.stop() }

            let listing = try PlayTool.scratchPath("hls-outage.framemd5")
            let events = try PlayTool.scratchPath("hls-outage.events")
            let (ip, arguments) = pair.clientCommand(
                try ToolRunner.builtProduct("spool"),
                [
                    "play", "--no-mpris", "--no-resume", "--stats", "--vo", "framemd5:\(listing)", "--ao", "null",
                    "--events", events, server.url(ladder.masterPlaylistPath).absoluteString,
                ])
            let playback = Task { try await ToolRunner.run(ip, arguments, timeout: .seconds(120)) }
            let started = await Self.waitForEvent(in: events, timeout: .seconds(30)) { $0.type == "ready" }
            try #require(started, "spool never became ready")
            try await Task.sleep(for: .seconds(1))
            try await pair.setClientLink(up: false)
            try await Task.sleep(for: .seconds(10))
            try await pair.setClientLink(up: true)
            let output = try await playback.value
            #expect(!output.timedOut)
            #expect(output.status == 0, "stderr: \(output.errorText)")
            let log = try PlayEvent.read(events)
            let network = log.filter { $0.type == "network" }.compactMap { $0.fields["status"] as? String }
            #expect(network.contains("unsatisfied") && network.last == "satisfied", "\(log)")
            #expect(log.contains { $0.type == "waiting" && ($0.fields["reason"] as? String) == "waitingForNetwork" })
            #expect(!log.contains { $0.type == "error" }, "\(log)")
            let frames = PlayTool.frameLines(try String(contentsOfFile: listing, encoding: .utf8))
            // Every frame shown once, in order (whatever variant each came from).
            let times = frames.compactMap { Int($0.split(separator: ",")[2].trimmingCharacters(in: .whitespaces)) }
            #expect(times == times.sorted() && Set(times).count == times.count && times.last == 199, "\(times)")
            // Known: when the outage cuts a segment short, the audio plays on to its end while the
            // video decoder, which reorders, still waits for packets of the frames before it; the
            // frame that arrives after its successor's time is dropped as late (1 here). Only a
            // stall found from the video side would keep it. The bound keeps it from growing unseen.
            #expect(frames.count >= 198, "\(frames.count) frames: \(output.outputText)")
            withKnownIssue("a frame due as the audio runs dry mid-segment is dropped as late", isIntermittent: true) {
                #expect(frames.count == 200, "\(frames.count) frames: \(output.outputText)")
            }
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
