import SpoolCore
import SpoolTestSupport
import Testing

@testable import SpoolOutput

extension VideoOutputSDLIntegrationTests {
    /// The drawable size a window reports for the HLS viewport cap.
    @Suite struct Viewport {
        static let small = SyntheticVideoFrame.yuv420p(width: 256, height: 144, color: .red)

        @Test func aWindowSizedToItsContentReportsTheLargestSizeItMayTake() async throws {
            let output = try await VideoTestWindow.open()
            defer { output.stop() }
            // 80% of the 1280x720 test screen, before and after a small first frame: the
            // first frame's size must not hold an adaptive stream at its first variant.
            let before = await VideoTestWindow.waitForStatus(output) { $0.viewportWidth > 0 }
            #expect(before?.viewportWidth == 1024 && before?.viewportHeight == 576, "\(String(describing: before))")
            try output.present(Self.small)
            let shown = await VideoTestWindow.waitForStatus(output) { $0.framesShown == 1 }
            #expect(shown?.width == 256 && shown?.height == 144)
            #expect(output.viewportSize == PixelSize(width: 1024, height: 576))
        }

        @Test func aChosenSizeIsTheViewportAndFollowsResizes() async throws {
            let output = try await VideoTestWindow.open(.init(title: "Spool test", initialSize: (320, 180)))
            defer { output.stop() }
            try output.present(Self.small)
            let shown = await VideoTestWindow.waitForStatus(output) { $0.framesShown == 1 && $0.viewportWidth > 0 }
            #expect(shown?.viewportWidth == 320 && shown?.viewportHeight == 180, "\(String(describing: shown))")
            #expect(output.viewportSize == PixelSize(width: 320, height: 180))

            output.setWindowSize(width: 640, height: 480)
            let resized = await VideoTestWindow.waitForStatus(output) { $0.viewportWidth == 640 }
            #expect(resized?.viewportHeight == 480, "\(String(describing: resized))")
        }

        @Test func outputsWithoutAWindowHaveNoViewport() {
            #expect(NullVideoOutput().viewportSize == nil)
        }
    }
}
