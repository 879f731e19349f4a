import Foundation
import SpoolCore
import SpoolTestSupport
import Testing

@testable import SpoolOutput

extension VideoOutputSDLIntegrationTests.PictureInPicture {
    @Test("a picture on its side: the floating window takes the shown (portrait) shape and shows it turned")
    func turnedPictureInPicture() async throws {
        let title = "pip-turned"
        let output = try await VideoTestWindow.open(.init(title: title))
        defer { output.stop() }
        let frame = SyntheticVideoFrame.quadrants(
            width: 320, height: 180, topLeft: .red, topRight: .green, bottomLeft: .blue, bottomRight: .white
        ).shown(with: VideoDisplayGeometry(orientation: VideoOrientation(quarterTurns: 1)))
        try output.present(frame)
        try #require(await VideoTestWindow.waitForStatus(output) { $0.isVisible && $0.framesShown == 1 } != nil)

        try await output.startPictureInPicture()
        // Shown 180x320: a quarter of 1280 wide would be 569 high, over half the display, so
        // 360 high and 203 wide, 16 from the right and bottom edges.
        let floating = try #require(
            try await X11WindowInfo.waitFor(title + Self.pipName) { $0?.mapState == "IsViewable" })
        #expect(floating.width == 203 && floating.height == 360, "\(floating)")
        #expect(floating.x == 1280 - 203 - 16 && floating.y == 720 - 360 - 16, "\(floating)")

        // Turned a quarter clockwise: blue top left, red top right, white bottom left, green
        // bottom right (the buttons in the top corners are above the quadrants' centres).
        let expected = "blue red / white green"
        var screen = try await VideoXWDScreenshot.capture()
        func quadrants() -> QuadrantColors {
            QuadrantColors(width: floating.width, height: floating.height) { x, y in
                let pixel = screen.pixel(x: floating.x + x, y: floating.y + y)
                return (pixel.red, pixel.green, pixel.blue)
            }
        }
        for _ in 0..<20 where quadrants().description != expected {
            screen = try await VideoXWDScreenshot.capture()
        }
        print("turned Picture in Picture: \(try await screen.save(as: "pip-output-turned"))")
        #expect(quadrants().description == expected)
        try await output.stopPictureInPicture(showingMainWindow: true)
    }
}
