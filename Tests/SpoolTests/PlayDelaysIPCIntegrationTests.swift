import Foundation
import SpoolTestSupport
import Testing

/// Issue 34's `audio-delay` and `sub-delay` properties, against mpv in the same test with the
/// same client: Tests/IPCClients/delays.py (python-mpv-jsonipc, in `.cache/ipc-venv`) sets,
/// reads and `add`s both, idle and with a file loaded, on `spool play --idle
/// --input-ipc-server` and on `mpv --idle --input-ipc-server --ao=null --vo=null`; then the
/// command line's `--sub-delay`, through `--events`' cue lines.
@Suite("audio-delay and sub-delay over IPC, spool and mpv (integration)", .serialized, .timeLimit(.minutes(3)))
struct PlayDelaysIPCIntegrationTests {
    @Test("audio-delay and sub-delay: default 0, set, add, idle and loaded: spool as mpv")
    func sameAsMPV() async throws {
        let clip = try PlayTool.scratchPath("delays-ipc.mp4")
        _ = try await PlayTool.ffmpeg([
            "-f", "lavfi", "-i", "testsrc=size=160x120:rate=25:duration=3", "-f", "lavfi", "-i",
            "sine=frequency=440:duration=3", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest",
            "-y", clip,
        ])
        let reference = try await IPCClientScripts.mpvSession("delays.py", clip: clip)
        #expect(reference.client.outputText.hasSuffix("OK\n"), "against mpv: \(reference.client.outputText)")
        let spool = try await IPCClientScripts.spoolSession("delays.py", clip: clip)
        #expect(
            spool.client.outputText.hasSuffix("OK\n"),
            "against spool: \(spool.client.outputText)\(spool.client.errorText)")
        #expect(spool.player.status == 0, "spool stderr: \(spool.player.errorText)")
        print("mpv: \(reference.client.outputText)spool: \(spool.client.outputText)")
    }

    @Test("spool play --sub-delay=1: the sidecar cue from 2 s to 3 s is logged from 3 s to 4 s")
    func subDelayOption() async throws {
        let clip = try PlayTool.scratchPath("delays-option.mp4")
        _ = try await PlayTool.ffmpeg([
            "-f", "lavfi", "-i", "testsrc=size=160x120:rate=25:duration=5", "-c:v", "libx264", "-pix_fmt", "yuv420p",
            "-y", clip,
        ])
        let subtitles = try PlayTool.scratchPath("delays-option.srt")
        try Data("1\n00:00:02,000 --> 00:00:03,000\nTwo to three\n".utf8).write(to: URL(fileURLWithPath: subtitles))
        let events = try PlayTool.scratchPath("delays-option.jsonl")
        let run = try await PlayTool.spool([
            "play", "--vo", "null", "--ao", "null", "--untimed", "--sub-delay=1", "--audio-delay=0.5", "--sub",
            subtitles, "--events", events, clip,
        ])
        #expect(run.status == 0, "\(run.errorText)")
        let cues = try PlayEvent.read(events).filter { $0.type == "cue" }
        #expect(cues.map { $0.fields["start"] as? Double } == [3], "\(cues.map(\.fields))")
        #expect(cues.map { $0.fields["end"] as? Double } == [4], "\(cues.map(\.fields))")
    }
}
