import Foundation
import SpoolCore
import SpoolMedia
import SpoolTestSupport
import Testing

/// Conversion for outputs that cannot show a frame's own format.
@Suite("PixelConverter", .timeLimit(.minutes(3)))
struct PixelConverterTests {
    /// framemd5 text of every frame of `url` converted by one converter with `convert`.
    static func convertedFrameMD5(
        of url: URL, _ convert: @escaping @Sendable (PixelConverter, DecodedVideoFrame) throws -> DecodedVideoFrame
    ) async throws -> String {
        try await runOnDedicatedThread { () throws -> String in
            let demuxer = try openDemuxer(url)
            guard let stream = demuxer.video else { throw ToolError(description: "no video in \(url.path)") }
            let decoder = try VideoDecoder(stream: stream, threadCount: 0)
            let converter = PixelConverter()
            let collector = TextCollector()
            let writer = try FrameMD5Writer(stream: stream, containerStartTime: demuxer.startTime, sink: collector.sink)
            try forEachVideoFrame(demuxer, decoder) { frame in
                try writer.present(convert(converter, frame))
                return true
            }
            writer.stop()
            return collector.text
        }
    }

    @Test("yuv420p to rgba gives exactly ffmpeg's -pix_fmt rgba pictures")
    func rgbaMatchesFFmpeg() async throws {
        let url = try await TestMedia.url(for: .h264AACMP4)
        let expected = try await ffmpegFrameMD5(
            of: url, inputOptions: ["-threads", "1"], outputOptions: ["-pix_fmt", "rgba"])
        let actual = try await Self.convertedFrameMD5(of: url) { converter, frame in
            try converter.convert(frame, to: .rgba)
        }
        #expect(hashColumn(actual).count == 50)
        #expect(actual == expected)
    }

    @Test("scaling gives the requested geometry and keeps the timing")
    func scaling() async throws {
        let url = try await TestMedia.url(for: .h264AACMP4)
        let shapes = try await runOnDedicatedThread { () throws -> [String] in
            let demuxer = try openDemuxer(url)
            guard let stream = demuxer.video else { throw ToolError(description: "no video") }
            let decoder = try VideoDecoder(stream: stream, threadCount: 1)
            let converter = PixelConverter(scaling: .bilinear)
            var shapes: [String] = []
            try forEachVideoFrame(demuxer, decoder) { frame in
                let small = try converter.convert(frame, to: .yuv420p, width: 160, height: 120)
                let rows = small.withPlane(1) { bytes, bytesPerRow in bytes.byteCount / bytesPerRow }
                let bgra = try converter.convert(frame, to: .bgra)
                shapes.append(
                    "\(small.width)x\(small.height) \(small.pixelFormat) \(small.planeCount) \(rows) "
                        + "\(bgra.pixelFormat) \(bgra.planeCount) \(small.presentationTime == frame.presentationTime)")
                return shapes.count < 3
            }
            return shapes
        }
        #expect(shapes == Array(repeating: "160x120 yuv420p 3 60 bgra 1 true", count: 3))
    }

    @Test("an unknown pixel format is refused")
    func unknownFormat() async throws {
        let url = try await TestMedia.url(for: .h264AACMP4)
        let refused = try await runOnDedicatedThread { () throws -> Bool in
            let demuxer = try openDemuxer(url)
            guard let stream = demuxer.video else { throw ToolError(description: "no video") }
            let decoder = try VideoDecoder(stream: stream, threadCount: 1)
            var refused = false
            try forEachVideoFrame(demuxer, decoder) { frame in
                do throws(FFmpegError) {
                    _ = try PixelConverter().convert(frame, to: PixelFormat(rawValue: "no-such-format"))
                } catch {
                    refused = error == .invalidArgument
                }
                return false
            }
            return refused
        }
        #expect(refused)
    }
}
