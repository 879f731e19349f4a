import SpoolCore
import SpoolTestSupport
import Testing

@testable import SpoolOutput

extension VideoOutputSDLIntegrationTests {
    /// Where the picture lands in a window of another shape. The 320x240 test picture is
    /// split off-centre, at (80, 60), so a crop shows as a missing band rather than a
    /// symmetric change nobody could see.
    @Suite struct Gravity {
        static let picture = SyntheticVideoFrame.quadrants(
            width: 320, height: 240, topLeft: .red, topRight: .green, bottomLeft: .blue, bottomRight: .white,
            splitX: 80, splitY: 60)

        /// The picture in a 640x240 window (twice as wide as its aspect) with `gravity`.
        private func show(with gravity: VideoGravity) async throws -> VideoSnapshot {
            let output = try await VideoTestWindow.open(
                .init(title: "gravity \(gravity)", gravity: gravity, initialSize: (width: 640, height: 240)))
            defer { output.stop() }
            try output.present(Self.picture)
            let snapshot = try await output.snapshotRGBA()
            #expect(snapshot.width == 640 && snapshot.height == 240)
            return snapshot
        }

        @Test func resizeAspectFitsThePictureBetweenBlackBars() async throws {
            let snapshot = try await show(with: .resizeAspect)
            // The picture spans x 160..<480 at scale 1; its split is at (240, 60).
            Self.expectLetterboxed(snapshot)
        }

        @Test func resizeAspectFillCropsTopAndBottom() async throws {
            let snapshot = try await show(with: .resizeAspectFill)
            // Scale 2, source rows 60..<180: the top band (rows 0..<60) is cropped away, so
            // every row shows the bottom colours; the split is at x 160. No bars.
            for y in [3, 120, 236] {
                VideoTestWindow.expectPixel(snapshot, 80, y, is: .blue)
                VideoTestWindow.expectPixel(snapshot, 400, y, is: .white)
            }
            VideoTestWindow.expectPixel(snapshot, 3, 120, is: .blue)
            VideoTestWindow.expectPixel(snapshot, 636, 120, is: .white)
        }

        @Test func resizeStretchesThePicture() async throws {
            let snapshot = try await show(with: .resize)
            // Scale 2 across, 1 down: the split is at (160, 60). No bars.
            Self.expectQuadrants(snapshot, left: 80, right: 400, top: 30, bottom: 150)
            VideoTestWindow.expectPixel(snapshot, 3, 120, is: .blue)
            VideoTestWindow.expectPixel(snapshot, 636, 120, is: .white)
        }

        @Test func gravityChangesWhileShowing() async throws {
            let output = try await VideoTestWindow.open(
                .init(title: "gravity switch", initialSize: (width: 640, height: 240)))
            defer { output.stop() }
            try output.present(Self.picture)
            Self.expectLetterboxed(try await output.snapshotRGBA())

            output.gravity = .resize
            #expect(output.gravity == .resize)
            let stretched = try await output.snapshotRGBA()
            VideoTestWindow.expectPixel(stretched, 3, 120, is: .blue)
            Self.expectQuadrants(stretched, left: 80, right: 400, top: 30, bottom: 150)
        }

        @Test func resizingTheWindowKeepsTheAspect() async throws {
            let events = VideoEventLog()
            let output = try await VideoTestWindow.open(.init(title: "resize"), onEvent: events.record)
            defer { output.stop() }
            try output.present(Self.picture)
            #expect(await VideoTestWindow.waitForStatus(output) { $0.width == 320 && $0.height == 240 } != nil)

            output.setWindowSize(width: 640, height: 240)
            #expect(await VideoTestWindow.waitForStatus(output) { $0.width == 640 && $0.height == 240 } != nil)
            Self.expectLetterboxed(try await output.snapshotRGBA())
            #expect(events.all.contains(.resized(width: 640, height: 240)))

            output.setWindowSize(width: 320, height: 480)
            #expect(await VideoTestWindow.waitForStatus(output) { $0.width == 320 && $0.height == 480 } != nil)
            let tall = try await output.snapshotRGBA()
            // The picture spans y 120..<360 at scale 1; its split is at (80, 180).
            VideoTestWindow.expectPixel(tall, 160, 60, is: .black)
            VideoTestWindow.expectPixel(tall, 160, 420, is: .black)
            Self.expectQuadrants(tall, left: 40, right: 200, top: 150, bottom: 300)
        }

        /// The 640x240 letterboxed layout: bars x <160 and x ≥480, split at (240, 60).
        static func expectLetterboxed(_ snapshot: VideoSnapshot, sourceLocation: SourceLocation = #_sourceLocation) {
            VideoTestWindow.expectPixel(snapshot, 80, 120, is: .black, sourceLocation: sourceLocation)
            VideoTestWindow.expectPixel(snapshot, 560, 120, is: .black, sourceLocation: sourceLocation)
            expectQuadrants(snapshot, left: 200, right: 400, top: 30, bottom: 150, sourceLocation: sourceLocation)
        }

        /// The four colours at the given sample columns and rows.
        static func expectQuadrants(
            _ snapshot: VideoSnapshot, left: Int, right: Int, top: Int, bottom: Int,
            sourceLocation: SourceLocation = #_sourceLocation
        ) {
            VideoTestWindow.expectPixel(snapshot, left, top, is: .red, sourceLocation: sourceLocation)
            VideoTestWindow.expectPixel(snapshot, right, top, is: .green, sourceLocation: sourceLocation)
            VideoTestWindow.expectPixel(snapshot, left, bottom, is: .blue, sourceLocation: sourceLocation)
            VideoTestWindow.expectPixel(snapshot, right, bottom, is: .white, sourceLocation: sourceLocation)
        }
    }
}
