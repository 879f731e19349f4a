import Foundation
import SpoolTestSupport
import Testing

/// The seed's "next episode while loading" through `spool play`: two inputs, the first on a
/// server that answers 404 only after 2 s. Next (the IPC's `playlist-next`, as a media key or
/// the window's button would) comes while the first is still loading; the states the user
/// sees (`--events`' `playback` lines, read from the session's `PlaybackStateStore`) are the
/// second item's only, and the first item's failure is reported nowhere.
@Suite("spool play: next while loading (integration)", .serialized, .timeLimit(.minutes(2)))
struct PlayNextWhileLoadingIntegrationTests {
    @Test("Next while a slow, failing item loads: only the second item's states, no error, exit 0")
    func nextWhileLoading() async throws {
        let clip = try PlayTool.scratchPath("next-while-loading.mp4")
        _ = try await PlayTool.ffmpeg([
            "-f", "lavfi", "-i", "testsrc=size=160x120:rate=25:duration=4", "-f", "lavfi", "-i",
            "sine=frequency=440:duration=4", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest",
            "-y", clip,
        ])
        let slow = try LoopbackHTTPServer()
        defer { slow.stop() }
        var notFoundLate = ScriptedResponse.status(404)
        notFoundLate.latency = .seconds(2)
        slow.setRoute("/episode-1.mp4", notFoundLate)
        let first = slow.url("/episode-1.mp4").absoluteString
        let events = try PlayTool.scratchPath("next-while-loading.jsonl")
        let socket = "/tmp/spool-next-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8)).sock"
        let playback = Task {
            try await PlayTool.spool([
                "play", "--ao", "null", "--vo", "null", "--events", events, "--input-ipc-server=\(socket)", first,
                clip,
            ])
        }
        let loading = await slow.waitUntil(timeout: .seconds(20)) { log in
            log.requests.contains { $0.path == "/episode-1.mp4" }
        }
        #expect(loading, "spool never asked for the first episode")
        let next = try await ToolRunner.run(
            try ToolRunner.find("python3"),
            [
                "-c",
                """
                import socket, sys
                s = socket.socket(socket.AF_UNIX)
                s.connect(sys.argv[1])
                s.sendall(b'{"command": ["playlist-next"]}\\n')
                print(s.recv(4096).decode())
                """,
                socket,
            ], timeout: .seconds(10))
        #expect(next.outputText.contains("\"error\":\"success\""), "playlist-next: \(next.outputText)\(next.errorText)")
        let output = try await playback.value
        #expect(output.status == 0, "stderr: \(output.errorText)")
        #expect(!output.errorText.contains("episode-1"), "the skipped item's failure was reported: \(output.errorText)")
        let lines = try PlayEvent.read(events)
        #expect(!lines.contains { $0.type == "error" }, "\(lines)")
        let states = lines.filter { $0.type == "playback" }
        let firstStates = states.filter { $0.item == first }.compactMap { $0.fields["state"] as? String }
        #expect(firstStates.allSatisfy { $0 == "loading" }, "the skipped item showed \(firstStates)")
        let secondStart = try #require(states.firstIndex { $0.item == clip }, "no state of the second item")
        #expect(states[secondStart...].allSatisfy { $0.item == clip }, "\(states)")
        let secondStates = states[secondStart...].compactMap { $0.fields["state"] as? String }
        #expect(secondStates.first == "loading" && secondStates.contains("playing") && secondStates.last == "ended")
    }
}
