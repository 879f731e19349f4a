import Foundation
import SpoolTestSupport
import Testing

/// input.conf in `spool play`'s window: a binding overrides a built-in key (`q` pauses instead
/// of quitting), another runs its command (`x quit`), and bad lines are reported with
/// file:line and skipped.
@Suite("spool play's input.conf (Xvfb + xdotool)", .serialized, .exclusiveScreen, .timeLimit(.minutes(3)))
struct PlayerViewBindingsIntegrationTests {
    @Test("q rebound to cycle pause pauses; x quit quits; bad lines are named")
    func bindingsInTheWindow() async throws {
        let config = try TestMedia.directory().appendingPathComponent("bindings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: config.appendingPathComponent("spool"), withIntermediateDirectories: true)
        let inputConf = config.appendingPathComponent("spool/input.conf")
        try Data("q cycle pause\nx quit\nk frobnicate\n".utf8).write(to: inputConf)
        let session = try await SpoolWindowSession.start(
            try await PlayerViewWindowIntegrationTests.flatClip(), environment: ["XDG_CONFIG_HOME": config.path])
        #expect(try await session.waitForEvent("ready"))
        try await session.movePointer(toX: session.window.width / 2, y: session.window.height / 3)
        try await session.press("q")
        let paused = try await session.waitForEvent("state", count: 3)
        let events = try String(contentsOfFile: session.eventsPath, encoding: .utf8)
        #expect(paused && events.contains("\"state\":\"paused\""), "q did not pause: \(events)")
        try await session.press("x")
        let output = try await session.run.value
        #expect(output.status == 0, "stderr: \(output.errorText)")
        #expect(!output.timedOut, "x did not quit")
        #expect(
            output.errorText.contains("\(inputConf.path):3: unknown command 'frobnicate'; skipped"),
            "stderr: \(output.errorText)")
    }
}
