import Testing

@testable import SpoolOutput

/// Where each gravity puts a picture, computed without a window.
struct VideoOutputGravityTests {
    @Test func resizeAspectLetterboxesAWideWindow() {
        let placement = VideoGravity.resizeAspect.placement(
            contentWidth: 320, contentHeight: 240, boundsWidth: 640, boundsHeight: 240)
        #expect(placement.source == PixelRect(x: 0, y: 0, width: 320, height: 240))
        #expect(placement.destination == PixelRect(x: 160, y: 0, width: 320, height: 240))
    }

    @Test func resizeAspectLetterboxesATallWindow() {
        let placement = VideoGravity.resizeAspect.placement(
            contentWidth: 1920, contentHeight: 1080, boundsWidth: 1000, boundsHeight: 1000)
        #expect(placement.destination == PixelRect(x: 0, y: 218, width: 1000, height: 563))
    }

    @Test func resizeAspectFillCropsTheOverflowingSides() {
        let wide = VideoGravity.resizeAspectFill.placement(
            contentWidth: 320, contentHeight: 240, boundsWidth: 640, boundsHeight: 240)
        #expect(wide.source == PixelRect(x: 0, y: 60, width: 320, height: 120))
        #expect(wide.destination == PixelRect(x: 0, y: 0, width: 640, height: 240))

        let tall = VideoGravity.resizeAspectFill.placement(
            contentWidth: 1920, contentHeight: 1080, boundsWidth: 640, boundsHeight: 480)
        #expect(tall.source == PixelRect(x: 240, y: 0, width: 1440, height: 1080))
        #expect(tall.destination == PixelRect(x: 0, y: 0, width: 640, height: 480))
    }

    @Test func resizeStretchesToTheWindow() {
        let placement = VideoGravity.resize.placement(
            contentWidth: 320, contentHeight: 240, boundsWidth: 100, boundsHeight: 700)
        #expect(placement.source == PixelRect(x: 0, y: 0, width: 320, height: 240))
        #expect(placement.destination == PixelRect(x: 0, y: 0, width: 100, height: 700))
    }

    @Test(arguments: VideoGravity.allCases)
    func matchingAspectFillsTheWindowExactly(_ gravity: VideoGravity) {
        let placement = gravity.placement(contentWidth: 640, contentHeight: 360, boundsWidth: 1280, boundsHeight: 720)
        #expect(placement.source == PixelRect(x: 0, y: 0, width: 640, height: 360))
        #expect(placement.destination == PixelRect(x: 0, y: 0, width: 1280, height: 720))
    }

    @Test(arguments: VideoGravity.allCases)
    func emptyWindowsDrawNothing(_ gravity: VideoGravity) {
        let placement = gravity.placement(contentWidth: 640, contentHeight: 360, boundsWidth: 0, boundsHeight: 720)
        #expect(placement.destination.width == 0 && placement.destination.height == 0)
    }
}
