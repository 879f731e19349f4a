import Foundation
import SpoolTestSupport
import Testing

/// A segment that stalls mid-body (the server sends part of it, then nothing, for good) in
/// every variant but the lowest: `spool play` in real time fails over to a variant that
/// answers instead of waiting out request timeouts and retries on the stalled one. Each
/// stalled segment is asked for once, playback never waits longer than one segment (2 s),
/// and every frame of the 8-s ladder is shown.
@Suite("HLS: a stalled segment fails over (integration)", .serialized, .timeLimit(.minutes(3)))
struct HLSStalledSegmentIntegrationTests {
    @Test("the second segment stalls in the upper variants: one request each, no wait over 2 s, 200 frames")
    func stalledSegmentFailsOver() async throws {
        let ladder = try await HLSTestMedia.ladder(.ts)
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        let prefix = "/\(ladder.ladder.rawValue)/"
        guard let files = FileManager.default.enumerator(at: ladder.directory, includingPropertiesForKeys: nil) else {
            Issue.record("cannot list \(ladder.directory.path)")
            return
        }
        let base = ladder.directory.standardizedFileURL.path + "/"
        for case let file as URL in files where !file.hasDirectoryPath {
            let relative = String(file.standardizedFileURL.path.dropFirst(base.count))
            server.setRoute(prefix + relative, .file(try Data(contentsOf: file)))
        }
        var stalled: [String] = []
        for variantPath in ladder.variantPlaylistPaths.dropFirst() {
            let segments = try ladder.playlistLines(variantPath).filter { !$0.hasPrefix("#") && !$0.isEmpty }
            let directory = (variantPath as NSString).deletingLastPathComponent
            let path = "\(directory)/\(segments[1])"
            var response = ScriptedResponse.file(try Data(contentsOf: ladder.fileURL(path)))
            response.interruption = .init(.stall(nil), afterBodyBytes: 20_000)
            server.setRoute(path, response)
            stalled.append(path)
        }

        let listing = try PlayTool.scratchPath("hls-stalled.framemd5")
        let events = try PlayTool.scratchPath("hls-stalled.events")
        let run = try await PlayTool.spool(
            [
                "play", "--vo", "framemd5:\(listing)", "--ao", "null", "--events", events,
                server.url(ladder.masterPlaylistPath).absoluteString,
            ], timeout: .seconds(60))
        #expect(run.status == 0, "\(run.errorText)")
        #expect(PlayTool.frameLines(try String(contentsOfFile: listing, encoding: .utf8)).count == 200)

        let requested = server.log.requests.map(\.path)
        for path in stalled {
            #expect(requested.filter { $0 == path }.count <= 1, "\(path) asked for again: \(requested)")
        }
        #expect(stalled.contains { requested.contains($0) }, "no stalled segment was asked for: \(requested)")
        let log = try PlayEvent.read(events)
        var longest = 0.0
        var began: Double?
        for event in log {
            let time = event.fields["t"] as? Double ?? 0
            if event.type == "stall" { began = time }
            if event.type == "stallEnded", let start = began {
                longest = max(longest, time - start)
                began = nil
            }
        }
        #expect(began == nil, "a stall never ended: \(log)")
        #expect(longest <= 2.0, "the longest wait was \(longest) s: \(log)")
    }
}
