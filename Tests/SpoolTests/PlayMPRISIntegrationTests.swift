import Foundation
import SpoolTestSupport
import Testing

/// `spool play` publishes itself over MPRIS by default: playerctl sees it, drives it and stops it.
@Suite("spool play over MPRIS (integration)", .serialized, .timeLimit(.minutes(3)))
struct PlayMPRISIntegrationTests {
    @Test("playerctl lists the player, pauses it, and `stop` ends it with exit 0")
    func playerctlDrivesThePlayer() async throws {
        let name = "spooltest\(ProcessInfo.processInfo.processIdentifier)"
        let input = try await TestMedia.url(for: .h264AACMP4).path
        let playback = Task {
            try await PlayTool.spool(
                ["play", "--mpris-name", name, "--ao", "null", "--vo", "null", "--loop", "10", input],
                timeout: .seconds(40))
        }
        let playerctl = try ToolRunner.find("playerctl")
        func ask(_ arguments: [String]) async throws -> String {
            let output = try await ToolRunner.run(playerctl, ["-p", name] + arguments, timeout: .seconds(10))
            return output.outputText.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        // Bounded wait for the bus name to appear and the item to play.
        var status = ""
        for _ in 0..<100 where status != "Playing" {
            status = (try? await ask(["status"])) ?? ""
            if status != "Playing" { try await Task.sleep(for: .milliseconds(100)) }
        }
        #expect(status == "Playing")
        // Asked until it answers: between two passes of the loop the next item's metadata is
        // still loading for a moment (seen on a loaded machine).
        var length = ""
        for _ in 0..<50 where length != "2000000" {
            length = try await ask(["metadata", "--format", "{{mpris:length}}"])
            if length != "2000000" { try await Task.sleep(for: .milliseconds(100)) }
        }
        #expect(length == "2000000")
        _ = try await ask(["pause"])
        var paused = ""
        for _ in 0..<50 where paused != "Paused" {
            paused = try await ask(["status"])
            if paused != "Paused" { try await Task.sleep(for: .milliseconds(100)) }
        }
        #expect(paused == "Paused")
        _ = try await ask(["stop"])
        let output = try await playback.value
        #expect(output.status == 0, "stderr: \(output.errorText)")
    }
}
