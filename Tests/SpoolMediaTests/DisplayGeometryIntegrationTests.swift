import Foundation
import SpoolCore
import SpoolTestSupport
import Testing

@testable import SpoolMedia

/// The display geometry the demuxer and decoder report for clips the ffmpeg CLI made turned,
/// mirrored and with non-square pixels, compared with what ffmpeg itself outputs (its
/// autorotated first frame's size).
@Suite(.timeLimit(.minutes(3)))
struct DisplayGeometryIntegrationTests {
    /// The stream's and the first decoded frame's geometry, and the stream's presentation size.
    private func geometry(of url: URL) async throws -> (
        stream: VideoDisplayGeometry, frame: VideoDisplayGeometry, size: PixelSize
    ) {
        try await runOnDedicatedThread { () throws -> (VideoDisplayGeometry, VideoDisplayGeometry, PixelSize) in
            let demuxer = try openDemuxer(url)
            guard let stream = demuxer.video else { throw ToolError(description: "\(url.path) has no video") }
            let decoder = try VideoDecoder(stream: stream)
            while let packet = try demuxer.readPacket() {
                guard packet.streamIndex == stream.index else { continue }
                _ = try decoder.send(packet)
                if case .frame(let frame) = try decoder.receiveFrame() {
                    return (stream.displayGeometry, frame.displayGeometry, stream.presentationSize)
                }
            }
            throw ToolError(description: "\(url.path) gave no frame")
        }
    }

    @Test(
        "each variant's orientation, on the stream and on its frames; the shown size is ffmpeg's autorotated one",
        arguments: [
            (OrientedTestClips.Variant.upright, VideoOrientation.identity),
            (.rotate90, VideoOrientation(quarterTurns: 3)),
            (.rotate180, VideoOrientation(quarterTurns: 2)),
            (.rotate270, VideoOrientation(quarterTurns: 1)),
            (.mirrored, VideoOrientation(quarterTurns: 0, mirrored: true)),
            (.transposed, VideoOrientation(quarterTurns: 3, mirrored: true)),
        ])
    func orientation(variant: OrientedTestClips.Variant, expected: VideoOrientation) async throws {
        let url = try await OrientedTestClips.url(variant)
        let found = try await geometry(of: url)
        #expect(found.stream.orientation == expected)
        #expect(found.frame.orientation == expected)
        let ffmpeg = try await OrientedTestClips.ffmpegFrame(of: url)
        #expect(found.size == PixelSize(width: ffmpeg.width, height: ffmpeg.height))
    }

    @Test("4:3 pixels: 480x360 is shown at 640x360, and turned on top at 360x640")
    func anamorphic() async throws {
        let plain = try await geometry(of: try await OrientedTestClips.anamorphic())
        #expect(plain.stream.pixelAspectRatio == PixelAspectRatio(horizontalSpacing: 4, verticalSpacing: 3))
        #expect(plain.frame.pixelAspectRatio == PixelAspectRatio(horizontalSpacing: 4, verticalSpacing: 3))
        #expect(plain.size == PixelSize(width: 640, height: 360))
        let turned = try await geometry(of: try await OrientedTestClips.anamorphic(rotated: true))
        #expect(turned.size == PixelSize(width: 360, height: 640))
    }
}
