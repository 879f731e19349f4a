import Foundation
import SpoolTestSupport
import Testing

/// The seed's "next episode while loading" through `spool play`: two inputs, the first on a
/// server that answers 404 only after 6 s. Next (the IPC's `playlist-next`, as a media key or
/// the window's button would) comes while the first is still loading; the 404 would come while
/// the second, a 10-s clip, plays. The states the user sees (`--events`' `playback` lines, read
/// from the session's `PlaybackStateStore`) are the second item's only, and the first item's
/// failure is reported nowhere.
@Suite("spool play: next while loading (integration)", .serialized, .timeLimit(.minutes(3)))
struct PlayNextWhileLoadingIntegrationTests {
    @Test("Next while a slow, failing item loads: only the second item's states, no error, exit 0")
    func nextWhileLoading() async throws {
        let clip = try PlayTool.scratchPath("next-while-loading.mp4")
        _ = try await PlayTool.ffmpeg([
            "-f", "lavfi", "-i", "testsrc=size=160x120:rate=25:duration=10", "-f", "lavfi", "-i",
            "sine=frequency=440:duration=10", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest",
            "-y", clip,
        ])
        let slow = try LoopbackHTTPServer()
        defer { slow.stop() }
        var notFoundLate = ScriptedResponse.status(404)
        notFoundLate.latency = .seconds(6)
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
        let reply = try await runOnDedicatedThread {
            let client = try UnixSocketLineClient(path: socket)
            client.write(Array(#"{"command": ["playlist-next"]}"#.utf8) + [0x0A])
            return client.readLines(1).first ?? ""
        }
        #expect(reply.contains(#""error":"success""#), "playlist-next: \(reply)")
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
        #expect(secondStates.first == "loading" && secondStates.contains("playing"), "\(secondStates)")
        #expect(secondStates.last == "ended", "\(secondStates)")
        #expect(lines.contains { $0.type == "ended" && $0.item == clip })
    }
}
