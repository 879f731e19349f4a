import Foundation
import SpoolTestSupport
import Testing

/// `spool renderers` against a real renderer: gmediarender in one network namespace, spool in
/// another, joined by a veth pair with 239.0.0.0/8 routed over it (multicast does not work on
/// loopback, and libupnp refuses loopback interfaces).
@Suite(
    "spool renderers: gmediarender across a veth pair (network namespaces, integration)", .serialized,
    .timeLimit(.minutes(2)),
    .enabled(if: NetworkNamespacePair.isAvailable, "needs root and iproute2"),
    .enabled(if: GMediaRenderer.isAvailable, "needs gmediarender (scripts/bootstrap)"))
struct RenderersCommandIntegrationTests {
    static func renderers(in pair: NetworkNamespacePair, _ arguments: [String] = []) async throws -> ToolOutput {
        let (ip, command) = pair.clientCommand(try ToolRunner.builtProduct("spool"), ["renderers"] + arguments)
        return try await ToolRunner.run(ip, command, timeout: .seconds(30))
    }

    @Test func listsGmediarenderWithinFourSeconds() async throws {
        try await NetworkNamespacePair.with { pair in
            try await pair.routeMulticast()
            let renderer = try await GMediaRenderer.start(named: "Spool Test TV", in: pair)
            defer { renderer.stop() }
            let clock = ContinuousClock()
            let started = clock.now
            let output = try await Self.renderers(in: pair)
            let elapsed = started.duration(to: clock.now)
            #expect(output.status == 0, "stderr: \(output.errorText)")
            let lines = output.outputText.split(separator: "\n").map(String.init)
            let fields = try #require(lines.first?.split(separator: "\t").map(String.init))
            #expect(lines.count == 1, "\(lines)")
            #expect(fields.count == 3)
            #expect(fields.first == "Spool Test TV")
            #expect(fields.dropFirst().first == renderer.udn)
            #expect(fields.last?.hasPrefix("http://\(pair.serverAddress):") == true)
            #expect(fields.last?.hasSuffix("/description.xml") == true)
            #expect(elapsed < .seconds(4), "took \(elapsed)")
        }
    }

    @Test func aRendererThatLeftIsNotListed() async throws {
        try await NetworkNamespacePair.with { pair in
            try await pair.routeMulticast()
            let renderer = try await GMediaRenderer.start(named: "Spool Test TV", in: pair)
            renderer.stop()
            let output = try await Self.renderers(in: pair, ["--timeout", "2"])
            #expect(output.status == 0, "stderr: \(output.errorText)")
            #expect(output.outputText.isEmpty)
        }
    }

    /// A daemon that bound UDP 1900 without SO_REUSEADDR (here a python socket, held while
    /// spool runs as its child) keeps NOTIFY from us; the answers to our searches still come.
    @Test func anotherProgramHoldingPort1900ExclusivelyDoesNotStopTheSearch() async throws {
        try await NetworkNamespacePair.with { pair in
            try await pair.routeMulticast()
            let renderer = try await GMediaRenderer.start(named: "Spool Test TV", in: pair)
            defer { renderer.stop() }
            let holder = """
                import socket, subprocess, sys
                held = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
                held.bind(("0.0.0.0", 1900))
                sys.exit(subprocess.run(sys.argv[1:]).returncode)
                """
            let output = try await pair.run(
                inClient: "python3", ["-c", holder, try ToolRunner.builtProduct("spool").path, "renderers"])
            #expect(output.hasPrefix("Spool Test TV\t\(renderer.udn)\thttp://\(pair.serverAddress):"), "\(output)")
        }
    }

    @Test func withoutAMulticastInterfaceItSaysSo() async throws {
        try await NetworkNamespacePair.with { pair in
            try await pair.setClientLink(up: false)
            let output = try await Self.renderers(in: pair, ["--timeout", "1"])
            #expect(output.status == 1)
            #expect(
                output.errorText
                    == "spool: renderer discovery: no multicast-capable network interface is up "
                    + "(loopback cannot carry SSDP)\n")
        }
    }
}
