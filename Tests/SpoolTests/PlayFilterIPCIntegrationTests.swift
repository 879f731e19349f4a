import Foundation
import SpoolTestSupport
import Testing

/// Issue 34's `af`/`vf` over the IPC: the same client (Tests/IPCClients/filters.py,
/// python-mpv-jsonipc) against mpv and spool; then a `vf` set while playing changes the
/// frames decoded from then on. Real time: the players run idle or paused while the clients
/// poll them.
@Suite("af and vf over IPC, spool and mpv (integration)", .serialized, .timeLimit(.minutes(3)))
struct PlayFilterIPCIntegrationTests {
    @Test("af and vf: add, set, remove @label, clr, refusals: spool as mpv")
    func sameAsMPV() async throws {
        let clip = try PlayTool.scratchPath("filters-ipc.mp4")
        _ = try await PlayTool.ffmpeg([
            "-f", "lavfi", "-i", "testsrc=size=160x120:rate=25:duration=3", "-f", "lavfi", "-i",
            "sine=frequency=440:duration=3", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest",
            "-y", clip,
        ])
        guard let mpvPath = try? ToolRunner.find("mpv") else {
            throw ToolError(description: "mpv is not on PATH: run scripts/bootstrap (it installs mpv)")
        }
        let reference = try await IPCClientScripts.session("filters.py", clip: clip) { socket in
            try await ToolRunner.run(
                mpvPath,
                ["--no-config", "--idle", "--input-ipc-server=\(socket)", "--ao=null", "--vo=null", "--really-quiet"],
                timeout: .seconds(70))
        }
        #expect(reference.client.outputText.hasSuffix("OK\n"), "against mpv: \(reference.client.outputText)")
        let spool = try await IPCClientScripts.session("filters.py", clip: clip) { socket in
            try await PlayTool.spool(
                ["play", "--ao", "null", "--vo", "null", "--idle", "--input-ipc-server=\(socket)"],
                timeout: .seconds(70))
        }
        #expect(
            spool.client.outputText.hasSuffix("OK\n"),
            "against spool: \(spool.client.outputText)\(spool.client.errorText)")
        #expect(spool.player.status == 0, "spool stderr: \(spool.player.errorText)")
    }

    @Test("vf set while paused: frames decoded before it are as decoded, every one after it is hflip's")
    func changeWhilePlaying() async throws {
        let url = try await TestMedia.url(for: .h264AACMP4)
        let listing = try PlayTool.scratchPath("vf-switch.framemd5")
        let socket = IPCClientScripts.socketPath("vf-switch")
        let playback = Task {
            try await PlayTool.spool([
                "play", "--pause", "--untimed", "--no-audio", "--vo", "framemd5:\(listing)",
                "--input-ipc-server=\(socket)", url.path,
            ])
        }
        // A failure below must not leave the paused player running: cancelling kills it.
        defer { playback.cancel() }
        #expect(await eventually(timeout: .seconds(20)) { FileManager.default.fileExists(atPath: socket) })
        let replies = try await runOnDedicatedThread {
            let client = try UnixSocketLineClient(path: socket)
            client.write(Array(#"{"command":["vf","set","lavfi=[hflip]"]}"#.utf8) + [0x0A])
            client.write(Array(#"{"command":["set_property","pause",false]}"#.utf8) + [0x0A])
            // Replies come among the events (file-loaded, playback-restart…), which are left out.
            let isReply = { (line: String) in !line.contains(#""event":"#) }
            return client.readLines { $0.filter(isReply).count >= 2 }.filter(isReply)
        }
        #expect(replies.allSatisfy { $0.contains(#""error":"success""#) }, "\(replies)")
        let output = try await playback.value
        #expect(output.status == 0, "stderr: \(output.errorText)")
        let ours = PlayTool.hashColumn(try String(contentsOfFile: listing, encoding: .utf8))
        let plain = PlayTool.hashColumn(try await PlayTool.ffmpegFrameMD5(of: url, inputOptions: ["-threads", "1"]))
        let flipped = PlayTool.hashColumn(
            try await PlayTool.ffmpegFrameMD5(
                of: url, inputOptions: ["-threads", "1"], outputOptions: ["-vf", "hflip"]))
        try #require(ours.count == plain.count && plain.count == flipped.count && plain.count >= 30)
        // The switch comes at some frame: every frame before it as decoded, every one from it flipped.
        let switchIndex = ours.firstIndex { !plain.contains($0) } ?? ours.count
        #expect(switchIndex < ours.count - 10, "only \(ours.count - switchIndex) frames flipped")
        #expect(Array(ours[..<switchIndex]) == Array(plain[..<switchIndex]))
        #expect(Array(ours[switchIndex...]) == Array(flipped[switchIndex...]))
    }
}
