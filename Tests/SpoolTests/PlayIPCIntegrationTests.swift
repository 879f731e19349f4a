import Foundation
import SpoolTestSupport
import Testing

/// `spool play --input-ipc-server` driven by real clients: python-mpv-jsonipc from PyPI (in
/// `.cache/ipc-venv`, made by scripts/bootstrap) through issue 15's scripted session, and a
/// fuzzer sending 10,000 malformed lines. The Python scripts assert every reply themselves and
/// print OK; the test checks that, spool's exit, and that the socket file is gone afterwards.
@Suite("spool play --input-ipc-server (integration)", .serialized, .timeLimit(.minutes(4)))
struct PlayIPCIntegrationTests {

    /// An 8 s (or `seconds`) 160×120 H.264 + AAC clip made by ffmpeg from lavfi sources, a
    /// keyframe every 2 s (the session's keyframe seek lands on one).
    private static func clip(_ name: String, seconds: Int = 8) async throws -> String {
        let path = try PlayTool.scratchPath(name)
        _ = try await PlayTool.ffmpeg([
            "-f", "lavfi", "-i", "testsrc=size=160x120:rate=25:duration=\(seconds)", "-f", "lavfi", "-i",
            "sine=frequency=440:duration=\(seconds)", "-c:v", "libx264", "-g", "50", "-pix_fmt", "yuv420p", "-c:a",
            "aac",
            "-shortest", "-y", path,
        ])
        return path
    }

    @Test("python-mpv-jsonipc: idle, load two files, time-pos, pause, seek 50 %, speed, next, track-list, quit")
    func scriptedSession() async throws {
        let python = try IPCClientScripts.python()
        let first = try await Self.clip("ipc-first.mp4")
        let second = try await Self.clip("ipc-second.mp4")
        let socket = IPCClientScripts.socketPath("ipc")
        let playback = Task {
            try await PlayTool.spool(
                ["play", "--ao", "null", "--vo", "null", "--idle", "--input-ipc-server=\(socket)"],
                timeout: .seconds(150))
        }
        let client = try await ToolRunner.run(
            python, [IPCClientScripts.script("session.py"), socket, first, second], timeout: .seconds(120))
        let output = try await playback.value
        #expect(client.outputText.hasSuffix("OK\n"), "client: \(client.outputText)\(client.errorText)")
        #expect(output.status == 0, "spool stderr: \(output.errorText)")
        #expect(!FileManager.default.fileExists(atPath: socket), "the socket file outlived spool")
    }

    @Test("10,000 random and malformed lines: every {-line answered, the player keeps playing")
    func fuzz() async throws {
        let python = try IPCClientScripts.python()
        let input = try await Self.clip("ipc-fuzz.mp4", seconds: 30)
        let socket = IPCClientScripts.socketPath("ipc")
        let playback = Task {
            try await PlayTool.spool(
                ["play", "--ao", "null", "--vo", "null", "--loop", "inf", "--input-ipc-server=\(socket)", input],
                timeout: .seconds(200))
        }
        let client = try await ToolRunner.run(
            python, [IPCClientScripts.script("fuzz.py"), socket, "15"], timeout: .seconds(180))
        #expect(client.outputText.hasPrefix("OK"), "fuzzer: \(client.outputText)\(client.errorText)")
        // Still serving after the fuzz: a second client quits it cleanly.
        let quit = try await ToolRunner.run(
            python,
            [
                "-c",
                "import socket,sys; s=socket.socket(socket.AF_UNIX); s.connect(sys.argv[1]); "
                    + "s.sendall(b'{\"command\":[\"quit\",3]}\\n'); print(s.recv(4096).decode())",
                socket,
            ], timeout: .seconds(30))
        #expect(quit.outputText.contains("\"error\":\"success\""), "quit: \(quit.outputText)\(quit.errorText)")
        let output = try await playback.value
        #expect(output.status == 3, "quit 3 is the exit status; stderr: \(output.errorText)")
        print("fuzz: \(client.outputText)")
    }

    @Test("a path that is not a socket is refused and left alone; a stale socket is replaced")
    func socketPathRules() async throws {
        let input = try await Self.clip("ipc-path.mp4", seconds: 1)
        let path = IPCClientScripts.socketPath("ipc")
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let refused = try await PlayTool.spool(
            ["play", "--ao", "null", "--vo", "null", "--input-ipc-server=\(path)", input])
        #expect(refused.status == 1)
        #expect(refused.errorText.contains("exists and is not a socket"), "stderr: \(refused.errorText)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "keep me")
    }
}
