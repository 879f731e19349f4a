import Foundation
import Spool
import SpoolTestSupport
import Testing

/// Thumbnails of an HLS stream with an I-frame playlist, served by a real loopback server
/// whose request log shows which bytes were fetched.
@Suite("AssetImageGenerator over HLS I-frame playlists (integration)", .timeLimit(.minutes(3)))
struct HLSIFrameThumbnailIntegrationTests {
    /// One stream: 8 s of H.264 at 25 fps, a keyframe every second, in one MPEG-TS file
    /// (`main.ts`) with a byte-range media playlist, plus an I-frame playlist made from
    /// ffprobe's keyframe offsets (ffmpeg 5.1's `iframes_only` flag writes whole segments, not
    /// I-frames): each I-frame is the bytes from its packet to the next video packet, with the
    /// PAT/PMT before the first packet as EXT-X-MAP.
    struct Stream {
        let server: LoopbackHTTPServer
        let mapRange: String
        /// I-frame start time (s) → its `Range` header.
        let iFrames: [(time: Double, range: String)]
        let file: URL
    }

    static func makeStream() async throws -> Stream {
        let directory = try PlayTool.scratchPath("hls-iframes")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let media = "\(directory)/main.ts"
        _ = try await PlayTool.ffmpeg([
            "-y", "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25", "-t", "8", "-c:v", "libx264", "-g", "25",
            "-keyint_min", "25", "-sc_threshold", "0", "-pix_fmt", "yuv420p", "-f", "hls", "-hls_time", "2",
            "-hls_playlist_type", "vod", "-hls_flags", "single_file", "-hls_segment_filename", media,
            "\(directory)/main.m3u8",
        ])
        let probe = try await ToolRunner.run(
            try ToolRunner.find("ffprobe"),
            [
                "-v", "error", "-select_streams", "v:0", "-show_entries", "packet=pts_time,pos,flags", "-of", "csv=p=0",
                media,
            ],
            timeout: .seconds(60))
        let packets: [(time: Double, pos: Int, key: Bool)] = probe.outputText.split(separator: "\n").compactMap {
            line in
            let fields = line.split(separator: ",")
            guard fields.count >= 3, let time = Double(fields[0]), let pos = Int(fields[1]) else { return nil }
            return (time, pos, fields[2].hasPrefix("K"))
        }
        let fileData = try Data(contentsOf: URL(fileURLWithPath: media))
        let start = packets.map(\.time).min() ?? 0
        var lines = [
            "#EXTM3U", "#EXT-X-VERSION:4", "#EXT-X-TARGETDURATION:1", "#EXT-X-PLAYLIST-TYPE:VOD",
            "#EXT-X-I-FRAMES-ONLY",
        ]
        let firstPos = packets.map(\.pos).min() ?? 0
        lines.append("#EXT-X-MAP:URI=\"main.ts\",BYTERANGE=\"\(firstPos)@0\"")
        let byPosition = packets.sorted { $0.pos < $1.pos }
        let keys = packets.filter(\.key).sorted { $0.time < $1.time }
        var iFrames: [(Double, String)] = []
        for (index, key) in keys.enumerated() {
            let end = byPosition.first { $0.pos > key.pos }?.pos ?? fileData.count
            let next = index + 1 < keys.count ? keys[index + 1].time : start + 8
            lines.append(String(format: "#EXTINF:%.6f,", next - key.time))
            lines.append("#EXT-X-BYTERANGE:\(end - key.pos)@\(key.pos)")
            lines.append("main.ts")
            iFrames.append((key.time - start, "bytes=\(key.pos)-\(end - 1)"))
        }
        lines.append("#EXT-X-ENDLIST")
        let master = """
            #EXTM3U
            #EXT-X-VERSION:4
            #EXT-X-STREAM-INF:BANDWIDTH=400000,RESOLUTION=320x240,CODECS="avc1.64000d"
            main.m3u8
            #EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=100000,RESOLUTION=320x240,CODECS="avc1.64000d",URI="iframes.m3u8"

            """
        let server = try LoopbackHTTPServer()
        server.setRoute("/master.m3u8", .file(Data(master.utf8)))
        server.setRoute("/main.m3u8", .file(try Data(contentsOf: URL(fileURLWithPath: "\(directory)/main.m3u8"))))
        server.setRoute("/iframes.m3u8", .file(Data((lines.joined(separator: "\n") + "\n").utf8)))
        server.setRoute("/main.ts", .file(fileData))
        return Stream(
            server: server, mapRange: "bytes=0-\(firstPos - 1)", iFrames: iFrames, file: URL(fileURLWithPath: media))
    }

    @Test("a batch of 20 previews fetches only the I-frames' byte ranges, each once (and the PAT/PMT once)")
    func batchFetchesOnlyIFrames() async throws {
        let stream = try await Self.makeStream()
        defer { stream.server.stop() }
        #expect(stream.iFrames.count == 8)
        let generator = AssetImageGenerator(asset: URLAsset(url: stream.server.url("/master.m3u8")))
        let times = (0..<20).map { MediaTime(seconds: Double($0) * 0.39, preferredTimescale: 1000) }
        var images: [GeneratedImage] = []
        for await answer in generator.images(for: times) { images.append(try answer.result.get()) }
        #expect(images.count == 20)
        for image in images {
            // The nearest I-frame: keyframes are 1 s apart.
            let nearest = stream.iFrames.map(\.time).min {
                abs($0 - image.requestedTime.seconds) < abs($1 - image.requestedTime.seconds)
            }
            #expect(
                abs(image.actualTime.seconds - (nearest ?? -1)) < 1e-3,
                "\(image.requestedTime.seconds) → \(image.actualTime.seconds)")
            #expect(image.width == 320 && image.height == 240)
        }
        let media = stream.server.log.requests(to: "/main.ts")
        let fileSize = (try? FileManager.default.attributesOfItem(atPath: stream.file.path)[.size] as? Int) ?? 0
        print(
            "I-frame previews: \(images.count) images, \(media.count) range requests, "
                + "\(media.reduce(0) { $0 + $1.bodyBytesSent }) of \(fileSize) bytes fetched")
        let allowed = Set(stream.iFrames.map(\.range) + [stream.mapRange])
        let ranges = media.map { $0.header("Range") ?? "whole file" }
        #expect(!ranges.isEmpty && ranges.allSatisfy { allowed.contains($0) }, "fetched \(ranges)")
        #expect(ranges.filter { $0 == stream.mapRange }.count == 1, "the PAT/PMT is fetched once")
        #expect(Set(ranges).count == ranges.count, "each I-frame is fetched once")
        #expect(stream.server.log.requests(to: "/main.m3u8").count <= 1)
    }

    @Test("an I-frame preview shows the keyframe ffmpeg decodes at that time")
    func iFramePixelsEqualFFmpeg() async throws {
        let stream = try await Self.makeStream()
        defer { stream.server.stop() }
        let generator = AssetImageGenerator(asset: URLAsset(url: stream.server.url("/master.m3u8")))
        let image = try await generator.image(at: MediaTime(seconds: 3.2, preferredTimescale: 1000))
        #expect(abs(image.actualTime.seconds - 3) < 1e-3)
        let reference = try await ThumbnailReference.frame(stream.file, at: 3)
        let samePixels = ThumbnailReference.rgb(image) == reference
        #expect(samePixels)
    }

    @Test("an exact request on HLS reads the segment and gives the exact frame (ffmpeg decoding from the start)")
    func exactRequestReadsTheSegment() async throws {
        let stream = try await Self.makeStream()
        defer { stream.server.stop() }
        let generator = AssetImageGenerator(asset: URLAsset(url: stream.server.url("/master.m3u8")))
        generator.requestedTimeToleranceBefore = .zero
        generator.requestedTimeToleranceAfter = .zero
        let image = try await generator.image(at: ThumbnailReference.time(5.5))
        #expect(abs(image.actualTime.seconds - 5.52) < 1e-3, "actual \(image.actualTime.seconds)")
        // ffmpeg's input seek in MPEG-TS lands on the keyframe after 5.5 s (6 s): the exact
        // reference decodes every frame.
        let reference = try await ThumbnailReference.frameDecodingAll(stream.file, at: 5.5, width: 320, height: 240)
        let samePixels = ThumbnailReference.rgb(image) == reference
        #expect(samePixels)
    }
}
