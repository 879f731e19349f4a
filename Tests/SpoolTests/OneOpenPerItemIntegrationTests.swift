import Foundation
import SpoolTestSupport
import Testing

/// One open per item (issue 14): the probe's connection and container are the ones the
/// demuxer plays from. Before, the probe read the header on a source of its own, and the
/// demuxer opened the item again — two requests, and the header and stream-info bytes
/// fetched twice.
@Suite("spool play: an item is opened once (integration)", .timeLimit(.minutes(3)))
struct OneOpenPerItemIntegrationTests {
    @Test("a progressive MP4 over HTTP plays from one request that carries each byte once")
    func oneRequest() async throws {
        let url = try await PlayHTTPRecoveryIntegrationTests.clip()
        let file = try Data(contentsOf: url)
        let server = try FaultInjectingHTTPServer(file: file, path: "/clip.mp4")
        defer { server.stop() }
        let listing = try PlayTool.scratchPath("one-open.framemd5")
        let output = try await PlayTool.spool([
            "play", "--untimed", "--no-resume", "--vo", "framemd5:\(listing)", "--ao", "null",
            server.url.absoluteString,
        ])
        #expect(output.status == 0, "stderr: \(output.errorText)")
        let reference = try await PlayTool.ffmpegFrameMD5(of: url, inputOptions: ["-threads", "1"])
        #expect(try String(contentsOfFile: listing, encoding: .utf8) == reference)
        let requests = server.requests
        #expect(requests.count == 1, "\(requests)")
        #expect(requests.map(\.bodyBytesSent) == [file.count], "\(requests)")
    }
}
