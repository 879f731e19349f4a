import Foundation
import SpoolCore
import SpoolTestSupport
import Testing

@testable import SpoolDesktop

/// Every test that publishes a player on the private session bus `scripts/with-test-services`
/// starts. Serialized: `playerctl -p spool` must find exactly one player, and the name
/// collision test must own the names it expects.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct MPRISIntegrationTests {}

/// A server with fresh centers on the test bus, and the client tools that drive it.
@MainActor
final class MPRISTestPlayer {
    let info = NowPlayingInfoCenter()
    let commands = RemoteCommandCenter()
    let server: MPRISServer
    /// What the handlers received, in order.
    private(set) var received: [String] = []

    init(playerName: String = "spool") {
        server = MPRISServer(
            nowPlayingInfoCenter: info, remoteCommandCenter: commands,
            configuration: .init(playerName: playerName), clock: ContinuousClock())
        // playerctl skips players that cannot play for most commands (even `metadata`).
        record(commands.playCommand) { _ in "play" }
        record(commands.pauseCommand) { _ in "pause" }
    }

    /// Adds a handler to `command` that logs `describe(event)` and succeeds. Handlers are
    /// main-actor closures; the assertion checks at run time that the server honours that
    /// (the main actor's executor need not be the main thread under the test runner).
    func record<Event>(_ command: RemoteCommand<Event>, _ describe: @escaping (Event) -> String) {
        command.addTarget { [weak self] event in
            MainActor.assertIsolated("a remote command handler ran off the main actor")
            self?.received.append(describe(event))
            return .success
        }
    }

    /// Runs `body` with a started server and stops it afterwards, also when `body` throws.
    static func with<Result>(
        playerName: String = "spool", _ body: (MPRISTestPlayer) async throws -> Result
    ) async throws -> Result {
        try MPRISBus.requireBus()
        let player = MPRISTestPlayer(playerName: playerName)
        try await player.server.start()
        do {
            let result = try await body(player)
            await player.server.stop()
            return result
        } catch {
            await player.server.stop()
            throw error
        }
    }
}

/// The private bus, seen through the command-line clients.
enum MPRISBus {
    /// Fails the test (never skips it) when the tests run without the private bus.
    static func requireBus() throws {
        try #require(
            ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"]?.contains("spool-test") == true,
            "DBUS_SESSION_BUS_ADDRESS does not point at the private test bus: run the tests under scripts/with-test-services"
        )
    }

    /// Runs `tool` with `arguments` (without blocking a cooperative thread) and returns its output.
    static func run(_ tool: String, _ arguments: [String]) async throws -> ToolOutput {
        try await ToolRunner.run(try ToolRunner.find(tool), arguments)
    }

    /// `playerctl -p spool <arguments>`: its trimmed stdout, after checking it succeeded.
    static func playerctl(_ arguments: String..., player: String = "spool") async throws -> String {
        let output = try await run("playerctl", ["-p", player] + arguments)
        #expect(output.status == 0, "playerctl \(arguments) failed: \(output.errorText)")
        return output.outputText.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Runs `playerctl -p spool <arguments>` until it prints `expected` (bounded); returns
    /// whether it did. The bus thread applies changes asynchronously, so reads poll.
    static func waitForPlayerctl(_ arguments: String..., toPrint expected: String) async throws -> Bool {
        try await eventually(timeout: .seconds(3), scaled: false) { () async throws -> Bool in
            let output = try await run("playerctl", ["-p", "spool"] + arguments)
            return output.outputText.trimmingCharacters(in: .whitespacesAndNewlines) == expected
        }
    }

    /// `dbus-send --print-reply` of a Properties.Get on `name`'s MPRIS object.
    static func getProperty(_ property: String, interface: String = MPRISNames.playerInterface, on name: String)
        async throws -> String
    {
        let output = try await run(
            "dbus-send",
            [
                "--session", "--print-reply", "--dest=\(name)", MPRISNames.objectPath,
                "org.freedesktop.DBus.Properties.Get", "string:\(interface)", "string:\(property)",
            ])
        #expect(output.status == 0, "Get \(property) failed: \(output.errorText)")
        return output.outputText
    }

    /// A `dbus-monitor` for signals named `member`, returned once it is monitoring: the bus
    /// sends a monitor `NameLost` for its own name when it becomes one.
    static func monitor(member: String) async throws -> StreamingTool {
        let monitor = try StreamingTool("dbus-monitor", ["--session", "type='signal',member='\(member)'"])
        let ready = await monitor.waitForOutput(containing: "member=NameLost")
        try #require(ready, "dbus-monitor did not start monitoring: \(monitor.text)")
        return monitor
    }

    /// Whether some connection owns `name` on the bus.
    static func nameHasOwner(_ name: String) async throws -> Bool {
        let output = try await run(
            "dbus-send",
            [
                "--session", "--print-reply", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
                "org.freedesktop.DBus.NameHasOwner", "string:\(name)",
            ])
        return output.outputText.contains("boolean true")
    }

}

/// A long-running client (`dbus-monitor`) whose output accumulates while the test goes on.
final class StreamingTool: Sendable {
    private final class Output: Sendable {
        let data = Locked(Data())
        let hasExited = Locked(false)
    }

    private let process: Process
    private let output = Output()

    /// Starts `tool` with `arguments`, collecting its stdout.
    init(_ tool: String, _ arguments: [String]) throws {
        process = Process()
        process.executableURL = try ToolRunner.find(tool)
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let pipe = Pipe()
        process.standardOutput = pipe
        // Read on a thread of its own (the reads block; they never belong on the cooperative
        // pool). Foundation's readabilityHandler kept the tool's exit from being reported.
        let handle = pipe.fileHandleForReading
        Thread { [output] in
            while case let data = handle.availableData, !data.isEmpty {
                output.data.withLock { $0.append(data) }
            }
        }.start()
        process.terminationHandler = { [output] _ in output.hasExited.withLock { $0 = true } }
        try process.run()
    }

    /// Everything printed so far.
    var text: String { output.data.withLock { String(decoding: $0, as: UTF8.self) } }

    /// Waits (bounded) until the output contains `needle`; returns whether it did.
    func waitForOutput(containing needle: String, timeout: Duration = .seconds(3)) async -> Bool {
        await eventually(timeout: timeout, scaled: false) { text.contains(needle) }
    }

    /// Kills the tool (by its pid) and waits (bounded) until it has exited. SIGKILL, because
    /// children of the test runner may inherit a signal mask that blocks SIGTERM.
    func stop() async {
        kill(process.processIdentifier, SIGKILL)
        let exited = await eventually(timeout: .seconds(3), scaled: false) { output.hasExited.withLock { $0 } }
        #expect(exited, "\(process.executableURL?.lastPathComponent ?? "the tool") did not exit")
    }
}
