import Foundation
import SpoolTestSupport
import Testing

/// A fragmented MP4 over HTTP: FFmpeg's MP4 demuxer reads each fragment's video run and
/// audio run alternately, a short seek back every few packets. Served from the bytes kept
/// behind the reader (`HTTPByteSource.Options.backBufferLimit`), they cost no request; before,
/// each was a new range request (1,064 for a 20 MB file, where mpv makes 37).
@Suite("spool play: a fragmented MP4 over HTTP takes few requests (integration)", .timeLimit(.minutes(3)))
struct FragmentedMP4RequestsIntegrationTests {
    static let seconds = 10

    static func clip() async throws -> URL {
        let path = try TestMedia.directory().appendingPathComponent("fragmented-\(UUID().uuidString).mp4")
        _ = try await PlayTool.ffmpeg([
            // 2-s fragments of 2.5 Mb/s video (at 360p, cheap to decode on a loaded machine):
            // each video run (~600 KB) is far larger than FFmpeg's own I/O buffer, so stepping
            // back to it reaches the byte source.
            "-f", "lavfi", "-i", "testsrc2=size=640x360:rate=30:duration=\(seconds)", "-f", "lavfi", "-i",
            "sine=frequency=440:duration=\(seconds)", "-c:v", "libx264", "-preset", "veryfast", "-b:v", "2500k",
            "-g", "60", "-pix_fmt", "yuv420p", "-c:a", "aac", "-movflags", "frag_keyframe+empty_moov", "-shortest",
            "-y", path.path,
        ])
        return path
    }

    @Test("with 50 ms before every answer: a handful of requests, no stall, ffmpeg's frames")
    func fewRequestsNoStall() async throws {
        let clip = try await Self.clip()
        let server = try FaultInjectingHTTPServer(file: try Data(contentsOf: clip), path: "/fragmented.mp4")
        defer { server.stop() }
        server.script(Array(repeating: HTTPFault(latency: .milliseconds(50)), count: 500))
        let listing = try PlayTool.scratchPath("fragmented.framemd5")
        let events = try PlayTool.scratchPath("fragmented.events")
        let run = try await PlayTool.spool(
            ["play", "--vo", "framemd5:\(listing)", "--ao", "null", "--events", events, server.url.absoluteString],
            timeout: .seconds(60))
        #expect(run.status == 0, "\(run.errorText)")
        let requests = server.requests
        // One per fragment at most (the demuxer's scan of the fragments at open jumps ahead of
        // what has arrived), where every video/audio alternation used to be one (163 here).
        #expect(requests.count <= Self.seconds / 2 + 6, "\(requests.count) requests: \(requests.map(\.range))")
        let stalls = try PlayEvent.read(events).filter { $0.type == "stall" }
        #expect(stalls.isEmpty, "\(stalls)")
        let reference = try await PlayTool.ffmpegFrameMD5(of: clip, inputOptions: ["-threads", "1"])
        #expect(try String(contentsOfFile: listing, encoding: .utf8) == reference)
    }
}
