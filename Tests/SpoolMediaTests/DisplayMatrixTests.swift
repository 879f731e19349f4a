import SpoolCore
import Testing

@testable import SpoolMedia

/// Display matrices, as containers store them, reduced to the orientation the `ffmpeg` CLI's
/// autorotation applies (checked against its transpose/hflip/vflip choice for each case).
struct DisplayMatrixTests {
    /// A matrix with linear part `a b / c d` (whole numbers) in 16.16 fixed point.
    private func orientation(_ a: Int32, _ b: Int32, _ c: Int32, _ d: Int32) -> VideoOrientation? {
        DisplayMatrix(values: [a << 16, b << 16, 0, c << 16, d << 16, 0, 0, 0, 1 << 30])?.orientation
    }

    @Test func theIdentityIsUpright() {
        #expect(orientation(1, 0, 0, 1) == .identity)
    }

    @Test("the four turns: (0 1 / -1 0) is QuickTime's 90° clockwise, FFmpeg 5.1's rotate=90 the opposite")
    func quarterTurns() {
        #expect(orientation(0, 1, -1, 0) == VideoOrientation(quarterTurns: 1))
        #expect(orientation(-1, 0, 0, -1) == VideoOrientation(quarterTurns: 2))
        #expect(orientation(0, -1, 1, 0) == VideoOrientation(quarterTurns: 3))
    }

    @Test("mirrors: hflip, vflip (= mirrored and turned 180°), and the two diagonal transposes")
    func mirrors() {
        #expect(orientation(-1, 0, 0, 1) == VideoOrientation(quarterTurns: 0, mirrored: true))
        #expect(orientation(1, 0, 0, -1) == VideoOrientation(quarterTurns: 2, mirrored: true))
        // (p, q) → (q, p): ffmpeg's transpose=cclock_flip; mirrored, then 270° clockwise.
        #expect(orientation(0, 1, 1, 0) == VideoOrientation(quarterTurns: 3, mirrored: true))
        // (p, q) → (-q, -p): ffmpeg's transpose=clock_flip.
        #expect(orientation(0, -1, -1, 0) == VideoOrientation(quarterTurns: 1, mirrored: true))
    }

    @Test("matrices built by FFmpeg's own av_display_rotation_set and av_display_matrix_flip")
    func ffmpegBuiltMatrices() {
        for turns in 0..<4 {
            #expect(
                VideoOrientation.fromFFmpeg(rotationSetAngle: Double(turns * 90), horizontallyFlipped: false)
                    == VideoOrientation(quarterTurns: turns))
            // The flip negates the shown x after the turn: mirroring first, the turn is the
            // opposite one.
            #expect(
                VideoOrientation.fromFFmpeg(rotationSetAngle: Double(turns * 90), horizontallyFlipped: true)
                    == VideoOrientation(quarterTurns: -turns, mirrored: true))
        }
    }

    @Test("oblique and slightly rounded matrices go to the nearest upright orientation; no area means none")
    func nearlyUprightAndDegenerate() {
        #expect(VideoOrientation.fromFFmpeg(rotationSetAngle: 30, horizontallyFlipped: false) == .identity)
        #expect(
            VideoOrientation.fromFFmpeg(rotationSetAngle: 80, horizontallyFlipped: false)
                == VideoOrientation(quarterTurns: 1))
        #expect(DisplayMatrix(values: [0, 0, 0, 0, 0, 0, 0, 0, 1 << 30])?.orientation == .identity)
        #expect(DisplayMatrix(values: [1, 2, 3]) == nil)
    }
}
