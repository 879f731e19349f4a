public import Foundation

/// Two network namespaces joined by a veth pair: a server side (10.77.N.1) and a client side
/// (10.77.N.2), each with its own loopback, so a test can run a real server and a real client
/// over a link it controls: take it down and up (`setClientLink(up:)`). Nothing outside the
/// two namespaces can reach either address.
///
/// Needs root (CAP_NET_ADMIN) and iproute2. `remove()` deletes both namespaces (and with
/// them the veth pair and anything still bound there); `with(_:)` does it for you.
public final class NetworkNamespacePair: Sendable {
    /// The namespace the server runs in.
    public let server: String
    /// The namespace the client runs in.
    public let client: String
    /// The server's address on the link.
    public let serverAddress: String
    /// The server's end of the link: the interface its answers leave by (where delay, loss
    /// and a rate limit go).
    public let serverLink: String
    /// The client's end of the link: the interface the server's answers arrive by.
    public let clientLink: String
    private let ip: URL

    /// Whether this machine can make namespaces: root with iproute2.
    public static var isAvailable: Bool {
        geteuid() == 0 && (try? ToolRunner.find("ip")) != nil
    }

    private init(
        server: String, client: String, serverAddress: String, ip: URL, serverLink: String, clientLink: String
    ) {
        self.server = server
        self.client = client
        self.serverAddress = serverAddress
        self.ip = ip
        self.serverLink = serverLink
        self.clientLink = clientLink
    }

    /// Makes the pair, with both ends up and addressed, and a default route on the client side
    /// through the server's end (as a home router would be).
    public static func make() async throws -> NetworkNamespacePair {
        let ip = try ToolRunner.find("ip")
        // Unique per pair (a namespace of a run that was killed may still be there): veth names
        // allow 15 characters, so "vs" + 9.
        let tag = String(UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(9)).lowercased()
        let subnet = Int.random(in: 1..<250)
        let pair = NetworkNamespacePair(
            server: "spool-s\(tag)", client: "spool-c\(tag)", serverAddress: "10.77.\(subnet).1", ip: ip,
            serverLink: "vs\(tag)", clientLink: "vc\(tag)")
        let serverLink = pair.serverLink
        let steps: [[String]] = [
            ["netns", "add", pair.server],
            ["netns", "add", pair.client],
            [
                "link", "add", serverLink, "netns", pair.server, "type", "veth", "peer", "name", pair.clientLink,
                "netns",
                pair.client,
            ],
            ["-n", pair.server, "addr", "add", "\(pair.serverAddress)/24", "dev", serverLink],
            ["-n", pair.client, "addr", "add", "10.77.\(subnet).2/24", "dev", pair.clientLink],
            ["-n", pair.server, "link", "set", "lo", "up"],
            ["-n", pair.client, "link", "set", "lo", "up"],
            ["-n", pair.server, "link", "set", serverLink, "up"],
            ["-n", pair.client, "link", "set", pair.clientLink, "up"],
            ["-n", pair.client, "route", "add", "default", "via", pair.serverAddress],
        ]
        do {
            for step in steps { try await pair.ip(step) }
            try await pair.waitForClientCarrier()
        } catch {
            await pair.remove()
            throw error
        }
        return pair
    }

    /// Makes a pair, runs `body` with it and removes it afterwards, also when `body` throws
    /// (a `defer` cannot wait for the removal, and a test process may end before a task would).
    public static func with<Result>(_ body: (NetworkNamespacePair) async throws -> Result) async throws -> Result {
        let pair = try await make()
        do {
            let result = try await body(pair)
            await pair.remove()
            return result
        } catch {
            await pair.remove()
            throw error
        }
    }

    /// Takes the client's end of the link down or brings it up again (the kernel drops the
    /// routes through it when it goes down; the subnet's route comes back with it).
    public func setClientLink(up: Bool) async throws {
        try await ip(["-n", client, "link", "set", clientLink, up ? "up" : "down"])
    }

    /// Waits (up to 5 s) until the client's end reports a carrier: the kernel's link watch
    /// sets it up to a second after both ends are up, and until then a monitor in the
    /// namespace rightly sees no usable link.
    private func waitForClientCarrier() async throws {
        for _ in 0..<50 {
            let output = try await ToolRunner.run(ip, ["-n", client, "link", "show", "dev", clientLink])
            if output.outputText.contains("LOWER_UP"), output.outputText.contains("state UP") { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw ToolError(description: "the veth pair's client end never came up")
    }

    /// Deletes both namespaces. Safe to call twice.
    public func remove() async {
        for namespace in [client, server] { _ = try? await ToolRunner.run(ip, ["netns", "delete", namespace]) }
    }

    /// Routes 239.0.0.0/8 (SSDP's group and every other administratively scoped one) over the
    /// link on both sides: without a default route on the server side, or with the client's
    /// default route through the server, multicast would have no interface to leave by.
    public func routeMulticast() async throws {
        try await ip(["-n", server, "route", "add", "239.0.0.0/8", "dev", serverLink])
        try await ip(["-n", client, "route", "add", "239.0.0.0/8", "dev", clientLink])
    }

    /// Limits the server's answers to `bitsPerSecond` (an HTB qdisc on its end of the link:
    /// the kernel's own shaping, with its queue).
    public func limitServerRate(bitsPerSecond: Int) async throws {
        try await ip(["-n", server, "link", "set", serverLink, "txqueuelen", "1000"])
        try await run(
            inServer: "tc", ["qdisc", "add", "dev", serverLink, "root", "handle", "1:", "htb", "default", "1"])
        try await run(
            inServer: "tc",
            ["class", "add", "dev", serverLink, "parent", "1:", "classid", "1:1", "htb", "rate", "\(bitsPerSecond)bit"])
    }

    /// Runs `tool` (found on PATH) with `arguments` in the server's namespace, to its end;
    /// throws when it fails. Returns what it printed.
    @discardableResult
    public func run(inServer tool: String, _ arguments: [String]) async throws -> String {
        try await run(tool, arguments, namespace: server)
    }

    /// `run(inServer:_:)` in the client's namespace.
    @discardableResult
    public func run(inClient tool: String, _ arguments: [String]) async throws -> String {
        try await run(tool, arguments, namespace: client)
    }

    private func run(_ tool: String, _ arguments: [String], namespace: String) async throws -> String {
        let executable = try ToolRunner.find(tool)
        let output = try await ToolRunner.run(
            ip, ["netns", "exec", namespace, executable.path] + arguments, timeout: .seconds(20))
        guard output.status == 0 else {
            throw ToolError(description: "\(tool) \(arguments.joined(separator: " ")): \(output.errorText)")
        }
        return output.outputText
    }

    /// `ip netns exec SERVER executable arguments…`: the command line that runs a program on
    /// the server side.
    public func serverCommand(_ executable: URL, _ arguments: [String]) -> (URL, [String]) {
        (ip, ["netns", "exec", server, executable.path] + arguments)
    }

    /// `ip netns exec CLIENT executable arguments…`: the command line that runs a program on
    /// the client side.
    public func clientCommand(_ executable: URL, _ arguments: [String]) -> (URL, [String]) {
        (ip, ["netns", "exec", client, executable.path] + arguments)
    }

    private func ip(_ arguments: [String]) async throws {
        let output = try await ToolRunner.run(ip, arguments, timeout: .seconds(20))
        guard output.status == 0 else {
            throw ToolError(description: "ip \(arguments.joined(separator: " ")): \(output.errorText)")
        }
    }
}
