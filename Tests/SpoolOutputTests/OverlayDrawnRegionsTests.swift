import Testing

@testable import SpoolOutput

/// Where an overlay draws: only those rectangles are blended over the video.
@Suite("Overlay drawn regions")
struct OverlayDrawnRegionsTests {
    /// A `width × height` RGBA overlay, transparent except the given rectangles (alpha 255).
    func overlay(width: Int, height: Int, drawn: [OverlayRegion]) -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for rect in drawn {
            for y in rect.y..<(rect.y + rect.height) {
                for x in rect.x..<(rect.x + rect.width) { pixels[(y * width + x) * 4 + 3] = 255 }
            }
        }
        return pixels
    }

    @Test("a transparent overlay draws nothing")
    func transparentOverlay() {
        #expect(
            OverlayDrawnRegions.regions(width: 64, height: 36, pixels: overlay(width: 64, height: 36, drawn: []))
                .isEmpty)
    }

    @Test("a bottom bar and a top title are two regions, each as wide as what it draws")
    func barAndTitle() {
        let title = OverlayRegion(x: 10, y: 2, width: 30, height: 5)
        let bar = OverlayRegion(x: 0, y: 150, width: 320, height: 30)
        let regions = OverlayDrawnRegions.regions(
            width: 320, height: 180, pixels: overlay(width: 320, height: 180, drawn: [title, bar]))
        #expect(regions == [title, bar])
    }

    @Test("bands closer than the merge gap are one region spanning both")
    func nearBandsMerge() {
        let label = OverlayRegion(x: 100, y: 140, width: 20, height: 4)
        let bar = OverlayRegion(x: 0, y: 150, width: 320, height: 30)
        let regions = OverlayDrawnRegions.regions(
            width: 320, height: 180, pixels: overlay(width: 320, height: 180, drawn: [label, bar]))
        #expect(regions == [OverlayRegion(x: 0, y: 140, width: 320, height: 40)])
    }

    @Test("a single translucent pixel is a region of its own; RGB without alpha is not")
    func alphaDecides() {
        var pixels = overlay(width: 8, height: 8, drawn: [])
        pixels[(3 * 8 + 5) * 4 + 3] = 1
        pixels[(6 * 8 + 1) * 4] = 255  // red, but fully transparent
        #expect(
            OverlayDrawnRegions.regions(width: 8, height: 8, pixels: pixels) == [
                OverlayRegion(x: 5, y: 3, width: 1, height: 1)
            ])
    }
}

extension OverlayDrawnRegionsTests {
    @Test("within a band, runs of drawn columns far apart are separate regions, near ones one")
    func columnRuns() {
        // A row of buttons: two 10-px icons 100 px apart, and a label 20 px after the second.
        let left = OverlayRegion(x: 10, y: 150, width: 10, height: 20)
        let right = OverlayRegion(x: 120, y: 150, width: 10, height: 20)
        let label = OverlayRegion(x: 150, y: 155, width: 30, height: 10)
        let regions = OverlayDrawnRegions.regions(
            width: 320, height: 180, pixels: overlay(width: 320, height: 180, drawn: [left, right, label]))
        #expect(
            regions == [
                OverlayRegion(x: 10, y: 150, width: 10, height: 20),
                OverlayRegion(x: 120, y: 150, width: 60, height: 20),
            ])
    }
}

extension OverlayDrawnRegionsTests {
    @Test("a lone pixel in the last column of an odd-width overlay, or with alpha 1, is found")
    func lonePixels() {
        let corner = OverlayRegion(x: 62, y: 35, width: 1, height: 1)
        #expect(
            OverlayDrawnRegions.regions(width: 63, height: 36, pixels: overlay(width: 63, height: 36, drawn: [corner]))
                == [corner])
        var faint = [UInt8](repeating: 0, count: 64 * 36 * 4)
        faint[(20 * 64 + 5) * 4 + 3] = 1
        #expect(
            OverlayDrawnRegions.regions(width: 64, height: 36, pixels: faint)
                == [OverlayRegion(x: 5, y: 20, width: 1, height: 1)])
    }
}
