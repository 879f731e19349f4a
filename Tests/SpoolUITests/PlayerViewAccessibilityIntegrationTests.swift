import Foundation
import SpoolTestSupport
import Testing

/// `spool play`'s controls as a screen reader sees them: pyatspi (Tests/ATSPIClient) finds the
/// running player on the test accessibility bus by its name, reads the controls and presses
/// Pause; the player pauses (its `--events` log says so).
@Suite("spool play on the accessibility bus (pyatspi)", .serialized, .exclusiveScreen, .timeLimit(.minutes(3)))
@MainActor
struct PlayerViewAccessibilityIntegrationTests {
    @Test("pyatspi reads spool play's controls and presses Pause")
    func readerPausesThePlayer() async throws {
        try AccessibilityBridgeIntegrationTests.requireAccessibilityBus()
        let name = "spoolplay\(ProcessInfo.processInfo.processIdentifier)"
        let clip = try await PlayerViewWindowIntegrationTests.flatClip()
        let session = try await SpoolWindowSession.start(clip, ["--mpris-name", name])
        #expect(try await session.waitForEvent("ready"))
        let output = try await ToolRunner.run(
            AccessibilityBridgeIntegrationTests.python,
            [AccessibilityBridgeIntegrationTests.client.path, name, "--press", "Pause", "--expect", "Play"],
            timeout: .seconds(60))
        #expect(output.status == 0, "the client failed: \(output.errorText)\n\(output.outputText)")
        let lines = output.outputText.split(separator: "\n").map(String.init)
        #expect(lines.first == "app \(name) application")
        #expect(lines.contains { $0.hasPrefix("node 2 slider | Position |") })
        #expect(lines.contains("renamed Play"))
        let paused = try await session.waitForEvent("state", count: 3)
        let events = try String(contentsOfFile: session.eventsPath, encoding: .utf8)
        #expect(paused && events.contains("\"state\":\"paused\""), "the player did not pause: \(events)")
        let run = try await session.quit()
        #expect(run.status == 0, "stderr: \(run.errorText)")
    }
}
