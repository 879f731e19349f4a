import SpoolCore
import SpoolTestSupport
import Testing

@testable import SpoolOutput

/// Frames are checked before C code reads them: every plane must hold the rows its format
/// and size promise.
struct VideoOutputFramePlanesTests {
    @Test func wellFormedFramesPass() throws {
        try VideoFramePlanes.validate(SyntheticVideoFrame.yuv420p(width: 33, height: 17, color: .red, rowPadding: 7))
        try VideoFramePlanes.validate(SyntheticVideoFrame.nv12(width: 33, height: 17, color: .red))
        try VideoFramePlanes.validate(SyntheticVideoFrame.packed(.bgra, width: 33, height: 17, color: .red))
    }

    @Test func oddSizesRoundChromaUp() {
        let planes = VideoFramePlanes.requirements(for: .nv12, width: 33, height: 17)
        #expect(planes == [PlaneRequirement(rowBytes: 33, rows: 17), PlaneRequirement(rowBytes: 34, rows: 9)])
    }

    @Test func aPlaneShorterThanItsRowsIsRefused() {
        let frame = SyntheticVideoFrame(
            width: 4, height: 4, pixelFormat: .rgba, planes: [[UInt8](repeating: 0, count: 63)], bytesPerRow: [16])
        #expect(throws: VideoOutputError.presentFailed("plane 0 has 63 bytes, needs 64")) {
            try VideoFramePlanes.validate(frame)
        }
    }

    @Test func theLastRowNeedsNoPadding() throws {
        // Stride 20, rows of 16 bytes: 3 * 20 + 16 bytes is enough.
        let frame = SyntheticVideoFrame(
            width: 4, height: 4, pixelFormat: .rgba, planes: [[UInt8](repeating: 0, count: 76)], bytesPerRow: [20])
        try VideoFramePlanes.validate(frame)
    }

    @Test func aStrideShorterThanARowIsRefused() {
        let frame = SyntheticVideoFrame(
            width: 4, height: 4, pixelFormat: .rgba, planes: [[UInt8](repeating: 0, count: 64)], bytesPerRow: [12])
        #expect(throws: VideoOutputError.self) { try VideoFramePlanes.validate(frame) }
    }

    @Test func aMissingPlaneIsRefused() {
        let full = SyntheticVideoFrame.yuv420p(width: 4, height: 4, color: .red)
        let frame = SyntheticVideoFrame(
            width: 4, height: 4, pixelFormat: .yuv420p, planes: Array(full.planes.prefix(2)),
            bytesPerRow: Array(full.bytesPerRow.prefix(2)))
        #expect(throws: VideoOutputError.presentFailed("yuv420p needs 3 planes, the frame has 2")) {
            try VideoFramePlanes.validate(frame)
        }
    }

    @Test func emptyOrHugeSizesAndUnknownFormatsAreRefused() {
        let empty = SyntheticVideoFrame(width: 0, height: 4, pixelFormat: .rgba, planes: [[]], bytesPerRow: [0])
        #expect(throws: VideoOutputError.self) { try VideoFramePlanes.validate(empty) }
        let huge = SyntheticVideoFrame(width: 20000, height: 4, pixelFormat: .rgba, planes: [[]], bytesPerRow: [0])
        #expect(throws: VideoOutputError.self) { try VideoFramePlanes.validate(huge) }
        let p010 = PixelFormat(rawValue: "p010le")
        let unknown = SyntheticVideoFrame(width: 4, height: 4, pixelFormat: p010, planes: [[]], bytesPerRow: [0])
        #expect(throws: VideoOutputError.unsupportedPixelFormat(p010)) { try VideoFramePlanes.validate(unknown) }
    }
}
