import SpoolCore
import Testing

/// The shown size of a stored picture: pixel shape first, then the turn.
struct VideoDisplayGeometryTests {
    @Test func quarterTurnsSwapTheSidesOnlyWhenOnTheirSide() {
        for turns in 0..<4 {
            let geometry = VideoDisplayGeometry(orientation: VideoOrientation(quarterTurns: turns))
            let size = geometry.displaySize(width: 1920, height: 1080)
            #expect(
                size == (turns % 2 == 1 ? PixelSize(width: 1080, height: 1920) : PixelSize(width: 1920, height: 1080)))
        }
        let mirrored = VideoDisplayGeometry(orientation: VideoOrientation(quarterTurns: 0, mirrored: true))
        #expect(mirrored.displaySize(width: 320, height: 180) == PixelSize(width: 320, height: 180))
    }

    @Test("non-square pixels stretch the wider side: 4:3 storage shown at 16:9, and a PAL 16:15 frame")
    func pixelAspectRatio() {
        let anamorphic = VideoDisplayGeometry(
            pixelAspectRatio: PixelAspectRatio(horizontalSpacing: 4, verticalSpacing: 3))
        #expect(anamorphic.displaySize(width: 480, height: 360) == PixelSize(width: 640, height: 360))
        let pal = VideoDisplayGeometry(pixelAspectRatio: PixelAspectRatio(horizontalSpacing: 16, verticalSpacing: 15))
        #expect(pal.displaySize(width: 720, height: 576) == PixelSize(width: 768, height: 576))
        let tall = VideoDisplayGeometry(pixelAspectRatio: PixelAspectRatio(horizontalSpacing: 1, verticalSpacing: 2))
        #expect(tall.displaySize(width: 320, height: 180) == PixelSize(width: 320, height: 360))
    }

    @Test("the pixel shape is applied before the turn")
    func pixelShapeThenTurn() {
        let geometry = VideoDisplayGeometry(
            orientation: VideoOrientation(quarterTurns: 1),
            pixelAspectRatio: PixelAspectRatio(horizontalSpacing: 4, verticalSpacing: 3))
        #expect(geometry.displaySize(width: 480, height: 360) == PixelSize(width: 360, height: 640))
    }

    @Test func unknownRatiosAreSquareAndTurnsWrap() {
        #expect(PixelAspectRatio(horizontalSpacing: 0, verticalSpacing: 1) == .square)
        #expect(VideoOrientation(quarterTurns: -1) == VideoOrientation(quarterTurns: 3))
        #expect(VideoOrientation(quarterTurns: 6).degrees == 180)
        #expect(VideoDisplayGeometry.identity.displaySize(width: 0, height: 0) == PixelSize(width: 0, height: 0))
    }
}
