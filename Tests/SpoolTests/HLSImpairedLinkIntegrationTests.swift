import Foundation
import SpoolTestSupport
import Testing

/// The HLS ladder over a link with netem's classic impairment: 200 ms of delay and 1 % loss on
/// every packet the server sends, and a rate of three times the top rung's. The kernel here
/// has no sch_netem, so the delay and the loss are given to the real packets from user space
/// (`UserspaceNetem`, NFQUEUE); the rate is the kernel's HTB. `spool play` runs in its own
/// network namespace, nginx in another, joined by a veth pair: TCP sees the longer round trip
/// and recovers from real losses (the server's retransmissions are counted).
@Suite(
    "HLS over 200 ms delay and 1 % loss at 3x the top rung (network namespaces, integration)", .serialized,
    .timeLimit(.minutes(3)), .enabled(if: UserspaceNetem.isAvailable, "needs root, iproute2 and iptables"))
struct HLSImpairedLinkIntegrationTests {
    @Test("no stall, no error, every frame once in order, with real losses recovered")
    func playsThroughDelayAndLoss() async throws {
        let ladder = try await HLSTestMedia.ladder(.ts)
        let master = try ladder.playlistLines(ladder.masterPlaylistPath)
        let top = master.compactMap { line -> Int? in
            guard line.hasPrefix("#EXT-X-STREAM-INF:"), let range = line.range(of: "BANDWIDTH=") else { return nil }
            return Int(line[range.upperBound...].prefix { $0.isNumber })
        }.max()
        let topRate = try #require(top)
        try await NetworkNamespacePair.with { pair in
            try await pair.limitServerRate(bitsPerSecond: 3 * topRate)
            var configuration = NginxConfiguration(root: ladder.root)
            configuration.listenAddress = pair.serverAddress
            let server = try await NginxServer.start(configuration, inNetworkNamespace: pair.server)
            defer { server.stop() }
            // Seed 1 drops the 13th packet first (then about one in a hundred): the run
            // certainly meets a loss (the ladder is about 1,500 packets).
            let netem = try await UserspaceNetem(on: pair, delay: .milliseconds(200), loss: 0.01, seed: 1)
            let listing = try PlayTool.scratchPath("impaired.framemd5")
            let events = try PlayTool.scratchPath("impaired.events")
            let (ip, arguments) = pair.clientCommand(
                try ToolRunner.builtProduct("spool"),
                [
                    "play", "--no-mpris", "--no-resume", "--stats", "--vo", "framemd5:\(listing)", "--ao", "null",
                    "--events", events, server.url(ladder.masterPlaylistPath).absoluteString,
                ])
            let output = try await ToolRunner.run(ip, arguments, timeout: .seconds(120))
            let retransmitted = try await netem.retransmittedSegments()
            let counts = try netem.stop()
            #expect(!output.timedOut)
            #expect(output.status == 0, "stderr: \(output.errorText)")
            let log = try PlayEvent.read(events)
            #expect(!log.contains { $0.type == "error" }, "\(log)")
            #expect(log.filter { $0.type == "stall" }.isEmpty, "stalls: \(log.filter { $0.type == "stall" })")
            let frames = PlayTool.frameLines(try String(contentsOfFile: listing, encoding: .utf8))
            let times = frames.compactMap { Int($0.split(separator: ",")[2].trimmingCharacters(in: .whitespaces)) }
            #expect(
                times == Array(0..<200), "\(times.count) frames, first \(times.first ?? -1), last \(times.last ?? -1)")
            // The impairment was real: packets delayed and dropped, and TCP resent what was lost.
            print("impaired link: \(counts), \(retransmitted) segments retransmitted; \(output.outputText)")
            #expect(counts.packets >= 200 && counts.dropped >= 1, "\(counts)")
            #expect(retransmitted >= counts.dropped, "\(retransmitted) retransmitted for \(counts)")
        }
    }
}
