import Foundation
import SpoolTestSupport
import Testing

/// `spool play`'s window shows turned and mirrored clips the way the `ffmpeg` CLI outputs
/// them (it autorotates by default): the four coloured quadrants of the window's picture, in
/// an outside screenshot (xwd), must be those of ffmpeg's first frame, and the window takes
/// the shown shape.
@Suite(
    "spool play's window turns pictures like ffmpeg's autorotation (Xvfb)", .serialized, .exclusiveScreen,
    .timeLimit(.minutes(5)))
struct PlayerViewOrientationIntegrationTests {
    @Test(
        "the window's picture has ffmpeg's autorotated orientation",
        arguments: [
            OrientedTestClips.Variant.upright, .rotate90, .rotate180, .rotate270, .mirrored, .transposed,
        ])
    func windowMatchesFFmpeg(variant: OrientedTestClips.Variant) async throws {
        let clip = try await OrientedTestClips.url(variant)
        let reference = try await OrientedTestClips.ffmpegFrame(of: clip)
        let expected = QuadrantColors(width: reference.width, height: reference.height, rgb: reference.rgb)
        // The reference really shows the variant: no two quadrants alike.
        #expect(Set([expected.topLeft, expected.topRight, expected.bottomLeft, expected.bottomRight]).count == 4)

        // Without the controls, so the whole window is picture.
        let session = try await SpoolWindowSession.start(clip.path, ["--no-osc"])
        // Fitted to the shown shape: 180x320 on its side, 320x180 otherwise.
        #expect(
            session.window.width * reference.height == session.window.height * reference.width,
            "window \(session.window.width)x\(session.window.height), ffmpeg's frame \(reference.width)x\(reference.height)"
        )
        func quadrants(_ pixels: WindowPixels) -> QuadrantColors {
            QuadrantColors(width: pixels.window.width, height: pixels.window.height) { x, y in
                let pixel = pixels.pixel(x: x, y: y)
                return (pixel.red, pixel.green, pixel.blue)
            }
        }
        let shot = try await session.screenshot { quadrants($0) == expected }
        try await shot.pixels.save(as: "orientation-\(variant.rawValue)")
        #expect(shot.held, "the window shows \(quadrants(shot.pixels)), ffmpeg's frame \(expected)")
        _ = try await session.quit()
    }
}
