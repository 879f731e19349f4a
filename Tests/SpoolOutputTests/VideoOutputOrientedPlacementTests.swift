import SpoolCore
import Testing

@testable import SpoolOutput

/// Where a turned or anamorphic picture goes, computed without a window: the gravity works
/// on the shown shape, and SDL gets the unturned rectangle about the same centre.
struct VideoOutputOrientedPlacementTests {
    private let quarter = VideoDisplayGeometry(orientation: VideoOrientation(quarterTurns: 1))

    @Test("a 320x180 picture turned 90° in a 640x360 window: 203x360 pillarboxed, drawn as 360x203 turned")
    func turnedPictureIsPillarboxed() {
        let placement = VideoGravity.resizeAspect.placement(
            textureWidth: 320, textureHeight: 180, geometry: quarter, boundsWidth: 640, boundsHeight: 360)
        #expect(placement.shown == PixelRect(x: 218, y: 0, width: 203, height: 360))
        #expect(placement.source == PixelRect(x: 0, y: 0, width: 320, height: 180))
        #expect(placement.destination.width == 360 && placement.destination.height == 203)
        // Same centre: (319.5, 180).
        #expect(placement.destination.x + placement.destination.width / 2 == 319.5)
        #expect(placement.destination.y + placement.destination.height / 2 == 180)
        #expect(placement.orientation == VideoOrientation(quarterTurns: 1))
    }

    @Test("upright and upside down keep the plain rectangle")
    func uprightKeepsTheRectangle() {
        for turns in [0, 2] {
            let placement = VideoGravity.resizeAspect.placement(
                textureWidth: 320, textureHeight: 240,
                geometry: VideoDisplayGeometry(orientation: VideoOrientation(quarterTurns: turns)), boundsWidth: 640,
                boundsHeight: 240)
            #expect(placement.shown == PixelRect(x: 160, y: 0, width: 320, height: 240))
            #expect(placement.destination == (160, 0, 320, 240))
        }
    }

    @Test("fill crops the turned picture's long side, back in texture pixels")
    func fillCropsInTexturePixels() {
        // Shown 180x320 filling 640x360: the shown crop is 180x101 (rows of the shown
        // picture), which is 101 stored columns by 180 stored rows.
        let placement = VideoGravity.resizeAspectFill.placement(
            textureWidth: 320, textureHeight: 180, geometry: quarter, boundsWidth: 640, boundsHeight: 360)
        #expect(placement.shown == PixelRect(x: 0, y: 0, width: 640, height: 360))
        #expect(placement.source == PixelRect(x: 109, y: 0, width: 101, height: 180))
        #expect(placement.destination == (140, -140, 360, 640))
    }

    @Test("anamorphic 4:3 pixels: a 480x360 picture is placed as 640x360")
    func anamorphicPictureIsPlacedAtItsShownShape() {
        let geometry = VideoDisplayGeometry(
            pixelAspectRatio: PixelAspectRatio(horizontalSpacing: 4, verticalSpacing: 3))
        let placement = VideoGravity.resizeAspect.placement(
            textureWidth: 480, textureHeight: 360, geometry: geometry, boundsWidth: 1280, boundsHeight: 960)
        #expect(placement.shown == PixelRect(x: 0, y: 120, width: 1280, height: 720))
        #expect(placement.source == PixelRect(x: 0, y: 0, width: 480, height: 360))
        let fill = VideoGravity.resizeAspectFill.placement(
            textureWidth: 480, textureHeight: 360, geometry: geometry, boundsWidth: 360, boundsHeight: 360)
        // Shown 640x360 cropped to 360x360 = 270 stored columns.
        #expect(fill.source == PixelRect(x: 105, y: 0, width: 270, height: 360))
    }
}
