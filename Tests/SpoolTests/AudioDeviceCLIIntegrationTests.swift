import Foundation
import SpoolTestSupport
import Testing

/// `spool devices` and `spool play --audio-device NAME` against the test PulseAudio daemon.
@Suite("spool: audio devices (integration)", .timeLimit(.minutes(3)))
struct AudioDeviceCLIIntegrationTests {
    @Test("spool devices lists the sinks, the default marked")
    func listsSinks() async throws {
        let output = try await PlayTool.spool(["devices"])
        #expect(output.status == 0, "stderr: \(output.errorText)")
        let lines = output.outputText.split(separator: "\n")
        let names = lines.map { $0.split(separator: "\t").first.map(String.init) ?? "" }
        #expect(names.contains("spool_test_sink") && names.contains("spool_test_sink_2"), "\(output.outputText)")
        #expect(lines.filter { $0.hasSuffix(" (default)") }.count == 1)
    }

    @Test("--audio-device NAME plays on that sink (pactl shows the stream there)")
    func playsOnNamedSink() async throws {
        let sink = try await SessionPulse.makeSink("cli")
        let url = try await TestMedia.url(for: .aacTone4s)
        let run = Task { try await PlayTool.spool(["play", "--audio-device", sink.name, "--no-video", url.path]) }
        // The stream lives while the 4-s tone plays; spool's start may take seconds under load.
        let stream = try await SessionPulse.waitForSinkInput(onSink: sink.index, timeout: .seconds(30)) { !$0.corked }
        #expect(stream != nil, "no stream of spool's on \(sink.name)")
        let output = try await run.value
        #expect(output.status == 0, "stderr: \(output.errorText)")
        await SessionPulse.unloadModule(sink.module)
    }

    @Test("--audio-device with an unknown sink fails at once, listing the sinks there are")
    func unknownSink() async throws {
        let url = try await TestMedia.url(for: .aacTone4s)
        let output = try await PlayTool.spool(["play", "--audio-device", "spool_no_such_sink", "--no-video", url.path])
        #expect(output.status == 1)
        #expect(output.errorText.contains("no PulseAudio sink named 'spool_no_such_sink'"), "\(output.errorText)")
        #expect(output.errorText.contains("spool_test_sink_2"))
    }
}
