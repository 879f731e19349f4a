import SpoolHLS
import Testing

/// The viewport constraint's arithmetic: aspect fit, covering, the cap, and its use by the
/// controller (a small window selects the small variant whatever the bandwidth).
@Suite struct ViewportCapTests {
    /// 416x234, 640x360, 960x540, 1280x720, 1920x1080.
    let resolutions = NetworkSimulation.ladder.compactMap(\.resolution)

    func size(_ width: Int, _ height: Int) -> Resolution { Resolution(width: width, height: height) }

    @Test func aPictureIsFittedByItsRelativelyLargerSide() {
        // 16:9 into 4:3: full width, letterboxed.
        #expect(ViewportCap.fittedSize(of: size(1920, 1080), in: size(640, 480)) == size(640, 360))
        // 16:9 into a tall 9:16 window: full width.
        #expect(ViewportCap.fittedSize(of: size(1920, 1080), in: size(360, 640)) == size(360, 203))
        // 4:3 into 16:9: full height, pillarboxed.
        #expect(ViewportCap.fittedSize(of: size(640, 480), in: size(1280, 720)) == size(960, 720))
        // Same aspect: the viewport itself.
        #expect(ViewportCap.fittedSize(of: size(1920, 1080), in: size(1280, 720)) == size(1280, 720))
    }

    @Test func theCapIsTheSmallestVariantCoveringTheFittedPicture() {
        func cap(_ width: Int, _ height: Int) -> Int? {
            ViewportCap.maximumPixelCount(for: size(width, height), among: resolutions)
        }
        #expect(cap(320, 180) == 416 * 234)
        #expect(cap(640, 360) == 640 * 360)
        // A 4:3 window shows 16:9 at 640x360: 640x360 covers it (requiring 480 lines would
        // have taken 960x540).
        #expect(cap(640, 480) == 640 * 360)
        // 98% is enough: 1300x731 is covered by 1280x720.
        #expect(cap(1300, 731) == 1280 * 720)
        #expect(cap(1320, 743) == 1920 * 1080)
        // Nothing covers 4K: no cap.
        #expect(cap(3840, 2160) == nil)
        // No window, no cap.
        #expect(cap(0, 0) == nil)
    }

    @Test func theStricterOfMaximumResolutionAndViewportWins() throws {
        func choice(_ caps: AdaptiveCaps) throws -> Int {
            var controller = try #require(AdaptiveBitrateController(variants: NetworkSimulation.ladder))
            return controller.selectVariant(
                at: .zero, bufferedAhead: .zero, segmentDuration: .seconds(4), estimate: 100_000_000, caps: caps
            ).variantIndex
        }
        #expect(try choice(AdaptiveCaps()) == 4)
        #expect(try choice(AdaptiveCaps(viewportSize: size(640, 480))) == 1)
        #expect(try choice(AdaptiveCaps(viewportSize: size(1280, 720))) == 3)
        // The resolution cap is stricter than the window: it wins.
        #expect(try choice(AdaptiveCaps(maximumResolution: size(640, 360), viewportSize: size(1280, 720))) == 1)
        // The window is stricter than the resolution cap: it wins.
        #expect(try choice(AdaptiveCaps(maximumResolution: size(1920, 1080), viewportSize: size(320, 180))) == 0)
    }
}
