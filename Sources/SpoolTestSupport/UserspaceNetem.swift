import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Delay and random loss on the packets a `NetworkNamespacePair`'s server sends, done in user
/// space (Tests/MediaTools/userspace_netem.py over NFQUEUE) because this kernel has no
/// sch_netem: an iptables rule queues every packet arriving on the client's end of the link,
/// and the program gives each its verdict — dropped with probability `loss`, else accepted
/// `delay` after it was queued, in order. TCP sees a real longer round trip and real losses
/// (`retransmittedSegments()` counts the server's retransmissions).
///
/// Why on arrival, not as the server sends: a packet held on the sender's own egress still
/// counts against its socket's TCP Small Queues budget, which throttles the connection far
/// below what a delaying router allows (measured: 80 kB in 4.4-5.1 s held at the sender,
/// 0.96-1.2 s held at the receiver, with 200 ms and a 3.3 Mb/s rate; slow start over a
/// 200 ms round trip predicts about 1 s).
///
/// Needs root and iptables. `stop()` ends the program and returns its counts; removing the
/// pair removes the rule with the namespace.
public final class UserspaceNetem: Sendable {
    /// What the program did.
    public struct Counts: Sendable, Equatable, CustomStringConvertible {
        /// Packets it was given.
        public let packets: Int
        /// Packets it dropped.
        public let dropped: Int
        /// Packets it let through (after the delay).
        public let accepted: Int

        /// "1234 packets, 12 dropped".
        public var description: String { "\(packets) packets, \(dropped) dropped, \(accepted) accepted" }
    }

    private let pair: NetworkNamespacePair
    private let process: ChildProcess
    private let statsFile: URL

    /// Whether this machine can run it: root, iproute2 and iptables.
    public static var isAvailable: Bool {
        NetworkNamespacePair.isAvailable && (try? ToolRunner.find("iptables")) != nil
    }

    /// Starts delaying (and dropping) what `pair`'s server sends, and returns once the queue is
    /// bound. `seed` fixes which packets are dropped for the same traffic.
    public init(on pair: NetworkNamespacePair, delay: Duration, loss: Double, seed: Int = 1) async throws {
        self.pair = pair
        let directory = try TestMedia.directory().appendingPathComponent("netem-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // This file is Sources/SpoolTestSupport/UserspaceNetem.swift in the repository.
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Tests/MediaTools/userspace_netem.py")
        let ready = directory.appendingPathComponent("ready")
        statsFile = directory.appendingPathComponent("stats.json")
        let milliseconds = delay.components.seconds * 1000 + delay.components.attoseconds / 1_000_000_000_000_000
        let (ip, arguments) = pair.clientCommand(
            try ToolRunner.find("python3"),
            [
                script.path, "--queue", "0", "--delay-ms", String(milliseconds), "--loss", String(loss), "--seed",
                String(seed), "--ready", ready.path, "--stats", statsFile.path,
            ])
        process = try ChildProcess(ip, arguments, outputFile: directory.appendingPathComponent("netem.log"))
        let deadline = ContinuousClock.now + .seconds(20)
        while !FileManager.default.fileExists(atPath: ready.path), ContinuousClock.now < deadline, !process.hasExited {
            try await Task.sleep(for: .milliseconds(20))
        }
        guard FileManager.default.fileExists(atPath: ready.path) else {
            process.terminate()
            throw ToolError(description: "userspace netem did not start (see \(directory.path)/netem.log)")
        }
        // Bound first, then the rule: no packet is queued with nobody to answer it.
        try await pair.run(
            inClient: "iptables", ["-A", "INPUT", "-i", pair.clientLink, "-j", "NFQUEUE", "--queue-num", "0"])
    }

    /// Ends the program (its rule stays until the pair is removed: stop the traffic first) and
    /// returns what it did. Blocking.
    public func stop() throws -> Counts {
        process.terminate()
        let data = try Data(contentsOf: statsFile)
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Int] else {
            throw ToolError(description: "userspace netem wrote no counts")
        }
        return Counts(
            packets: object["packets"] ?? 0, dropped: object["dropped"] ?? 0, accepted: object["accepted"] ?? 0)
    }

    /// TCP segments the server's namespace has retransmitted (its `TcpRetransSegs`): the
    /// losses TCP recovered from.
    public func retransmittedSegments() async throws -> Int {
        let text = try await pair.run(inServer: "nstat", ["-az", "TcpRetransSegs"])
        let line = text.split(separator: "\n").first { $0.hasPrefix("TcpRetransSegs") }
        return line.flatMap { $0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first }
            .flatMap { Int($0) } ?? 0
    }
}
