import Foundation
import SpoolTestSupport
import Testing

/// `spool play` over a link that breaks: a reset or a stall at 30 % of the file must not end
/// playback early. The source resumes with a `Range` request at the byte where the transfer
/// broke, so every frame is decoded exactly as ffmpeg decodes the local file.
@Suite("spool play: HTTP faults are ridden out (integration)", .serialized, .timeLimit(.minutes(3)))
struct PlayHTTPRecoveryIntegrationTests {
    /// The one-minute clip remuxed with its index first, so it is read front to back.
    static func clip() async throws -> URL {
        let source = try await TestMedia.url(for: .lowResolution1Minute)
        let output = try TestMedia.directory().appendingPathComponent("lowres-1min-faststart.mp4")
        if !FileManager.default.fileExists(atPath: output.path) {
            let scratch = try PlayTool.scratchPath("faststart.mp4")
            _ = try await PlayTool.ffmpeg(["-y", "-i", source.path, "-c", "copy", "-movflags", "+faststart", scratch])
            try? FileManager.default.moveItem(atPath: scratch, toPath: output.path)
        }
        return output
    }

    private func playAndCompare(
        fault: ScriptedResponse.Interruption.Kind, timeout: Duration = PlayTool.defaultTimeout
    ) async throws -> [FaultInjectingHTTPServer.Request] {
        let url = try await Self.clip()
        let file = try Data(contentsOf: url)
        let server = try FaultInjectingHTTPServer(file: file, path: "/clip.mp4")
        defer { server.stop() }
        let cut = file.count * 3 / 10
        // One request opens the item: the probe's connection is the one the demuxer plays on.
        server.interruptOnce(atFileByte: cut, fault)
        let listing = try PlayTool.scratchPath("recovery.framemd5")
        let output = try await PlayTool.spool(
            ["play", "--untimed", "--vo", "framemd5:\(listing)", "--ao", "null", server.url.absoluteString],
            timeout: timeout)
        #expect(output.status == 0, "stderr: \(output.errorText)")
        let reference = try await PlayTool.ffmpegFrameMD5(of: url, inputOptions: ["-threads", "1"])
        let ours = try String(contentsOfFile: listing, encoding: .utf8)
        #expect(PlayTool.frameLines(ours).count == PlayTool.frameLines(reference).count)
        #expect(ours == reference)
        let requests = server.requests
        #expect(requests.count >= 2, "playback, resume: \(requests)")
        // The fault happened (the response carrying the cut stopped there) and the body went on
        // from at most that byte.
        #expect(requests.contains { $0.rangeStart <= cut && $0.bodyBytesSent == cut - $0.rangeStart }, "\(requests)")
        #expect(requests.contains { $0.status == 206 && $0.rangeStart > 0 && $0.rangeStart <= cut }, "\(requests)")
        return requests
    }

    @Test("a connection reset at 30 % still gives ffmpeg's framemd5")
    func resetAt30Percent() async throws {
        let requests = try await playAndCompare(fault: .reset)
        let cut = try Data(contentsOf: try await Self.clip()).count * 3 / 10
        #expect(requests.contains { $0.range == "bytes=\(cut)-" }, "resumed at the very byte: \(requests)")
    }

    @Test("a transfer stalled at 30 % is resumed after the stall timeout and gives ffmpeg's framemd5")
    func stallAt30Percent() async throws {
        let started = ContinuousClock.now
        _ = try await playAndCompare(fault: .stall(nil), timeout: .seconds(60))
        // Detected by the 8 s stall timeout, not the 15 s request timeout (which would have
        // ended playback before).
        #expect(ContinuousClock.now - started < .seconds(40))
    }
}
