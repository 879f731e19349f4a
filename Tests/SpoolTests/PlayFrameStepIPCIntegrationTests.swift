import Foundation
import SpoolTestSupport
import Testing

/// Issue 34's frame stepping and A-B loop, against mpv in the same test with the same client:
/// Tests/IPCClients/framestep.py (python-mpv-jsonipc, in `.cache/ipc-venv`) drives
/// `spool play --idle --input-ipc-server` and then `mpv --idle --input-ipc-server --ao=null
/// --vo=null` (mpv from scripts/bootstrap) and checks the same things on both: an A-B loop
/// between 2 s and 5 s with `ab-loop-count` 2 keeps time-pos there and jumps back exactly twice,
/// then plays on; `frame-step` ×5 then `frame-back-step` ×3 move `estimated-frame-number` by
/// exactly one each across a keyframe, staying paused. Then the command line's `--ab-loop-*`
/// options, through `--events`' seek lines. The clips are made by ffmpeg here.
@Suite("frame-step and A-B loop over IPC, spool and mpv (integration)", .serialized, .timeLimit(.minutes(3)))
struct PlayFrameStepIPCIntegrationTests {

    /// 8 s of 25 fps 160×120 H.264 with a keyframe every 10 frames, and AAC.
    private static func clip() async throws -> String {
        let path = try PlayTool.scratchPath("framestep-g10.mp4")
        _ = try await PlayTool.ffmpeg([
            "-f", "lavfi", "-i", "testsrc=size=160x120:rate=25:duration=8", "-f", "lavfi", "-i",
            "sine=frequency=440:duration=8", "-c:v", "libx264", "-g", "10", "-pix_fmt", "yuv420p", "-c:a", "aac",
            "-shortest", "-y", path,
        ])
        return path
    }

    @Test("A-B loop 2-5 s twice, frame-step x5 and frame-back-step x3 across a keyframe: spool as mpv")
    func sameAsMPV() async throws {
        let clip = try await Self.clip()
        let reference = try await IPCClientScripts.mpvSession("framestep.py", clip: clip)
        #expect(reference.client.outputText.hasSuffix("OK\n"), "against mpv: \(reference.client.outputText)")
        #expect(reference.player.status == 0, "mpv: \(reference.player.errorText)")
        let spool = try await IPCClientScripts.spoolSession("framestep.py", clip: clip)
        #expect(
            spool.client.outputText.hasSuffix("OK\n"),
            "against spool: \(spool.client.outputText)\(spool.client.errorText)")
        #expect(spool.player.status == 0, "spool stderr: \(spool.player.errorText)")
        print("mpv: \(reference.client.outputText)spool: \(spool.client.outputText)")
    }

    @Test("--ab-loop-a 1 --ab-loop-b 2 --ab-loop-count 2 on a 3 s clip: two exact seeks back to 1 s, then the end")
    func loopOptions() async throws {
        let input = try PlayTool.scratchPath("abloop-3s.mp4")
        _ = try await PlayTool.ffmpeg([
            "-f", "lavfi", "-i", "testsrc=size=160x120:rate=25:duration=3", "-c:v", "libx264", "-g", "10",
            "-pix_fmt", "yuv420p", "-y", input,
        ])
        let events = try PlayTool.scratchPath("abloop-events.jsonl")
        let output = try await PlayTool.spool([
            "play", "--ao", "null", "--vo", "null", "--ab-loop-a", "1", "--ab-loop-b", "2", "--ab-loop-count", "2",
            "--events", events, input,
        ])
        #expect(output.status == 0, "spool stderr: \(output.errorText)")
        let seeks = try String(contentsOfFile: events, encoding: .utf8).split(separator: "\n")
            .filter { $0.contains(#""type":"seek""#) }
        #expect(seeks.count == 2, "seeks: \(seeks)")
        #expect(seeks.allSatisfy { $0.contains(#""target":1,"#) && $0.contains(#""finished":true"#) }, "\(seeks)")
        // 3 s of clip and two loops of 1 s each.
        #expect(output.elapsed >= .seconds(5), "played for \(output.elapsed)")
    }
}
