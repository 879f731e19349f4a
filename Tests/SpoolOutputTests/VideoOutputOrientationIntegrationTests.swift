import SpoolCore
import SpoolTestSupport
import Testing

@testable import SpoolOutput

extension VideoOutputSDLIntegrationTests {
    /// A four-colour picture shown with each of the eight orientations, read back from the
    /// window: every quadrant must land where turning (and mirroring) puts it.
    @Suite struct Orientation {
        static let picture = SyntheticVideoFrame.quadrants(
            width: 320, height: 180, topLeft: .red, topRight: .green, bottomLeft: .blue, bottomRight: .white)

        /// Where the stored quadrants (red, green / blue, white) end up, worked out by hand
        /// for each orientation: mirrored swaps left and right, then each clockwise quarter
        /// turn moves top left → top right → bottom right → bottom left.
        static let expected: [(VideoOrientation, [SyntheticColor])] = [
            (VideoOrientation(quarterTurns: 0), [.red, .green, .blue, .white]),
            (VideoOrientation(quarterTurns: 1), [.blue, .red, .white, .green]),
            (VideoOrientation(quarterTurns: 2), [.white, .blue, .green, .red]),
            (VideoOrientation(quarterTurns: 3), [.green, .white, .red, .blue]),
            (VideoOrientation(quarterTurns: 0, mirrored: true), [.green, .red, .white, .blue]),
            (VideoOrientation(quarterTurns: 1, mirrored: true), [.white, .green, .blue, .red]),
            (VideoOrientation(quarterTurns: 2, mirrored: true), [.blue, .white, .red, .green]),
            (VideoOrientation(quarterTurns: 3, mirrored: true), [.red, .blue, .green, .white]),
        ]

        @Test("each orientation in a 360x360 window: quadrants moved, the picture's shown shape pillar- or letterboxed")
        func everyOrientation() async throws {
            let output = try await VideoTestWindow.open(
                .init(title: "orientation", initialSize: (width: 360, height: 360)))
            defer { output.stop() }
            for (orientation, colors) in Self.expected {
                try output.present(Self.picture.shown(with: VideoDisplayGeometry(orientation: orientation)))
                let snapshot = try await output.snapshotRGBA()
                #expect(snapshot.width == 360 && snapshot.height == 360)
                // Upright: 360x203 from y 78; on its side: 203x360 from x 78.
                let onSide = orientation.swapsDimensions
                let (left, top, width, height) = onSide ? (78, 0, 203, 360) : (0, 78, 360, 203)
                let points = [
                    (left + width / 4, top + height / 4), (left + 3 * width / 4, top + height / 4),
                    (left + width / 4, top + 3 * height / 4), (left + 3 * width / 4, top + 3 * height / 4),
                ]
                for ((x, y), color) in zip(points, colors) {
                    VideoTestWindow.expectPixel(snapshot, x, y, is: color)
                }
                // The bars are black.
                VideoTestWindow.expectPixel(snapshot, onSide ? 20 : 180, onSide ? 180 : 20, is: .black)
            }
        }

        @Test("non-square pixels: a 160x180 picture of 2:1 pixels fills a 320x180 window")
        func anamorphicPixels() async throws {
            let output = try await VideoTestWindow.open(
                .init(title: "anamorphic", initialSize: (width: 320, height: 180)))
            defer { output.stop() }
            let narrow = SyntheticVideoFrame.quadrants(
                width: 160, height: 180, topLeft: .red, topRight: .green, bottomLeft: .blue, bottomRight: .white
            ).shown(
                with: VideoDisplayGeometry(pixelAspectRatio: PixelAspectRatio(horizontalSpacing: 2, verticalSpacing: 1))
            )
            try output.present(narrow)
            let snapshot = try await output.snapshotRGBA()
            // Without the pixel shape it would be 160 wide with black bars at x < 80.
            VideoTestWindow.expectPixel(snapshot, 20, 45, is: .red)
            VideoTestWindow.expectPixel(snapshot, 300, 135, is: .white)
        }
    }
}
