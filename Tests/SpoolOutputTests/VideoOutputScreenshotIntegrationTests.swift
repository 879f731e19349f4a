import SpoolCore
import SpoolTestSupport
import Testing

@testable import SpoolOutput

extension VideoOutputSDLIntegrationTests {
    /// The frame is on the X server's screen, not only in SDL's renderer: an outside client
    /// (`xwd`) photographs the whole Xvfb screen, and the red frame must cover exactly the
    /// window. (This caught first frames drawn at the window's creation size, which SDL's
    /// own read-back cannot see; see `SDLWindow.init`.)
    @Suite struct Screenshot {
        @Test func theXServerShowsThePresentedFrame() async throws {
            let output = try await VideoTestWindow.open(.init(title: "screenshot"))
            defer { output.stop() }
            try output.present(SyntheticVideoFrame.yuv420p(width: 320, height: 240, color: .red))
            try #require(await VideoTestWindow.waitForStatus(output) { $0.isVisible && $0.framesShown == 1 } != nil)

            // Centred on the 1280x720 screen.
            let red = try await Self.redRegion(untilItIs: RedRegion(x: 480, y: 240, width: 320, height: 240))
            #expect(red == RedRegion(x: 480, y: 240, width: 320, height: 240))
        }

        @Test func theXServerShowsTheFrameAtTheNewSizeAfterAResize() async throws {
            let output = try await VideoTestWindow.open(.init(title: "screenshot resize", gravity: .resize))
            defer { output.stop() }
            try output.present(SyntheticVideoFrame.yuv420p(width: 320, height: 240, color: .red))
            try #require(await VideoTestWindow.waitForStatus(output) { $0.isVisible && $0.framesShown == 1 } != nil)

            output.setWindowSize(width: 640, height: 240)
            try #require(await VideoTestWindow.waitForStatus(output) { $0.width == 640 } != nil)
            // Without a window manager the window keeps its top-left corner.
            let red = try await Self.redRegion(untilItIs: RedRegion(x: 480, y: 240, width: 640, height: 240))
            #expect(red == RedRegion(x: 480, y: 240, width: 640, height: 240))
        }

        @Test func stopTakesTheWindowOffTheScreen() async throws {
            let output = try await VideoTestWindow.open(.init(title: "screenshot stop"))
            try output.present(SyntheticVideoFrame.yuv420p(width: 320, height: 240, color: .red))
            try #require(await VideoTestWindow.waitForStatus(output) { $0.isVisible && $0.framesShown == 1 } != nil)
            #expect(try await Self.redRegion(untilItIs: RedRegion(x: 480, y: 240, width: 320, height: 240)) != nil)

            output.stop()
            // Requests are handled in order, so once a later snapshot is refused the window
            // has been destroyed.
            await #expect(throws: VideoOutputError.stopped) { try await output.snapshotRGBA() }
            #expect(Self.redRegion(in: try await VideoXWDScreenshot.capture()) == nil)
        }

        /// The bounding box of the screen's red pixels, when they fill it completely.
        struct RedRegion: Equatable {
            var x: Int, y: Int, width: Int, height: Int
        }

        /// Photographs the screen until its red pixels form `expected`, at most 20 times:
        /// our drawing reaches the server on our connection and xwd's request on its own, so
        /// a photograph can precede the frame. Returns the last region seen (`nil`: no red, or
        /// red that does not fill its bounding box).
        static func redRegion(untilItIs expected: RedRegion) async throws -> RedRegion? {
            var region: RedRegion?
            for _ in 0..<20 {
                region = redRegion(in: try await VideoXWDScreenshot.capture())
                if region == expected { break }
            }
            return region
        }

        static func redRegion(in screen: VideoXWDScreenshot) -> RedRegion? {
            var (minX, minY, maxX, maxY, count) = (Int.max, Int.max, -1, -1, 0)
            for y in 0..<screen.height {
                for x in 0..<screen.width {
                    let pixel = screen.pixel(x: x, y: y)
                    guard pixel.red > 215, pixel.green < 40, pixel.blue < 40 else { continue }
                    (minX, minY, maxX, maxY) = (min(minX, x), min(minY, y), max(maxX, x), max(maxY, y))
                    count += 1
                }
            }
            let region = RedRegion(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
            return count > 0 && count == region.width * region.height ? region : nil
        }
    }
}
