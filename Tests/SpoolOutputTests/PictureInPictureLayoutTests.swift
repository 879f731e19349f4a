import Testing

@testable import SpoolOutput

/// Where the Picture-in-Picture window goes and what a click in it hits.
struct PictureInPictureLayoutTests {
    let screen = PixelRect(x: 0, y: 0, width: 1280, height: 720)

    @Test func aQuarterOfTheWidthWithTheVideosAspectInTheBottomRightCorner() {
        let layout = PictureInPictureLayout(contentWidth: 1920, contentHeight: 1080, bounds: screen)
        #expect(layout.frame == PixelRect(x: 1280 - 320 - 16, y: 720 - 180 - 16, width: 320, height: 180))
        let square = PictureInPictureLayout(contentWidth: 500, contentHeight: 500, bounds: screen)
        #expect(square.frame == PixelRect(x: 944, y: 720 - 320 - 16, width: 320, height: 320))
    }

    @Test func followsTheUsableAreaOfAnOffsetDisplay() {
        let display = PixelRect(x: 1920, y: 30, width: 2560, height: 1410)
        let layout = PictureInPictureLayout(contentWidth: 1280, contentHeight: 720, bounds: display)
        #expect(layout.frame == PixelRect(x: 1920 + 2560 - 640 - 16, y: 30 + 1410 - 360 - 16, width: 640, height: 360))
    }

    @Test func aTallVideoIsNarrowedToHalfTheDisplaysHeight() {
        let layout = PictureInPictureLayout(contentWidth: 1080, contentHeight: 1920, bounds: screen)
        #expect(layout.frame.height == 360)
        #expect(layout.frame.width == 203)
        #expect(layout.frame.x + layout.frame.width == 1280 - 16)
    }

    @Test func noSizeYetIsTakenAsSixteenByNine() {
        let layout = PictureInPictureLayout(contentWidth: 0, contentHeight: 0, bounds: screen)
        #expect(layout.frame.width == 320 && layout.frame.height == 180)
    }

    @Test func clicksHitTheButtonsInTheTopCornersAndTheBodyElsewhere() {
        let layout = PictureInPictureLayout(contentWidth: 320, contentHeight: 240, bounds: screen)
        #expect(layout.hit(x: 6, y: 6) == .restore)
        #expect(layout.hit(x: 33, y: 33) == .restore)
        #expect(layout.hit(x: 34, y: 33) == .body)
        #expect(layout.hit(x: 320 - 7, y: 6) == .close)
        #expect(layout.hit(x: 320 - 34, y: 20) == .close)
        #expect(layout.hit(x: 320 - 35, y: 20) == .body)
        #expect(layout.hit(x: 5, y: 5) == .body)
        #expect(layout.hit(x: 160, y: 120) == .body)
    }
}
