import Foundation
import Spool
import SpoolTestSupport
import SpoolUI
import Testing

/// The controls of a real player on the accessibility bus `scripts/with-test-services` starts
/// (at-spi-bus-launcher and at-spi2-registryd on the private session bus), read and pressed
/// by a screen reader's library: pyatspi in a child process (`Tests/ATSPIClient`). Serialized:
/// each test's application must be the only one with its name on the desktop.
@MainActor
@Suite("Controls on the accessibility bus, through pyatspi", .serialized, .timeLimit(.minutes(3)))
struct AccessibilityBridgeIntegrationTests {
    let clock = ManualClock()
    static let client = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("ATSPIClient/atspi_client.py")
    /// Debian's python, where python3-pyatspi is installed (a python3 earlier on PATH may not have it).
    static let python = URL(fileURLWithPath: "/usr/bin/python3")

    static func requireAccessibilityBus() throws {
        try #require(
            ProcessInfo.processInfo.environment["SPOOL_TEST_ATSPI_BUS_ADDRESS"] != nil,
            "no test accessibility bus: run the tests under scripts/with-test-services")
    }

    func makePlayer() -> Player {
        let host = ContinuousClock()
        return Player(
            configuration: PlayerConfiguration(
                makeAudioOutput: { AudioOutputs.make(.null, clock: host, timed: true) }, videoOutput: nil,
                clock: host))
    }

    /// Runs the pyatspi client (bounded) and returns its output.
    func runClient(_ arguments: [String]) async throws -> ToolOutput {
        try await ToolRunner.run(Self.python, [Self.client.path] + arguments, timeout: .seconds(60))
    }

    @Test("pyatspi finds the application, reads the control names, presses Play and sets the volume")
    func readsAndPressesPlay() async throws {
        try Self.requireAccessibilityBus()
        let player = makePlayer()
        let controller = PlayerControlsController(
            player: player, clock: clock, windowSize: OverlaySize(width: 1280, height: 720))
        defer { controller.stop() }
        player.replaceCurrentItem(with: PlayerItem(url: try await TestMedia.url(for: .lowResolution1Minute)))
        #expect(
            await eventually(timeout: integrationHangGuard) {
                controller.model.playback.phase == .paused && controller.model.playback.duration != nil
            }
        )

        let name = "spool-atspi-test-\(ProcessInfo.processInfo.processIdentifier)"
        let bridge = AccessibilityBridge(controls: controller, applicationName: name, clock: ContinuousClock())
        try await bridge.start()
        let output = try await runClient([
            name, "--press", "Play", "--expect", "Pause", "--set", "Volume=50", "--expect-text", "50 %",
        ])
        await bridge.stop()
        let lines = output.outputText.split(separator: "\n").map(String.init)
        #expect(output.status == 0, "the client failed: \(output.errorText)\n\(output.outputText)")
        #expect(!output.timedOut)
        #expect(lines.first == "app \(name) application")
        #expect(lines.contains { $0.hasPrefix("node 1 frame | ") })
        #expect(lines.contains("node 2 push button | Play |  | "))
        #expect(lines.contains("node 2 slider | Position |  | 0:00 of 1:00 (0 in 0..60)"))
        #expect(lines.contains("node 2 slider | Volume |  | 100 % (100 in 0..100)"))
        #expect(lines.contains("node 2 toggle button | Mute |  | "))
        #expect(lines.contains("node 2 push button | Playback speed | 1× | "))
        #expect(lines.contains("node 2 label | Elapsed time 0:00 |  | "))
        #expect(lines.contains("action Play click"))
        #expect(lines.contains { $0.hasPrefix("pressed Play in ") })
        #expect(lines.contains { $0.hasPrefix("event accessible-name Pause after ") })
        #expect(lines.contains("renamed Pause"))
        #expect(lines.contains("set Volume 50 %"))
        // What the reader did reached the player.
        #expect(player.rate == 1)
        #expect(abs(player.volume - 0.5) < 0.0001)
        #expect(controller.model.accessibilityElement(for: .playPause)?.name == "Pause")
    }

    @Test("A stopped bridge leaves the desktop")
    func stoppingLeavesTheDesktop() async throws {
        try Self.requireAccessibilityBus()
        let player = makePlayer()
        let controller = PlayerControlsController(
            player: player, clock: clock, windowSize: OverlaySize(width: 1280, height: 720))
        defer { controller.stop() }
        let name = "spool-atspi-stop-\(ProcessInfo.processInfo.processIdentifier)"
        let bridge = AccessibilityBridge(controls: controller, applicationName: name, clock: ContinuousClock())
        try await bridge.start()
        let present = try await runClient([name, "--timeout", "20"])
        #expect(present.status == 0, "the client did not find the application: \(present.errorText)")
        await bridge.stop()
        let absent = try await runClient([name, "--absent", "--timeout", "20"])
        #expect(absent.status == 0, "the application stayed on the desktop: \(absent.errorText)")
        #expect(absent.outputText.contains("absent \(name)"))
    }
}
