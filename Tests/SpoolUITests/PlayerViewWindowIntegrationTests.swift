import Foundation
import SpoolTestSupport
import SpoolUI
import Testing

/// `spool play`'s window with the on-screen controls, driven with a real pointer and keyboard
/// (xdotool) under the test X server and checked in screenshots: a flat-coloured clip, so
/// wherever the controls are not drawn the window shows exactly the clip's colour.
@Suite("spool play's on-screen controls (Xvfb + xdotool)", .serialized, .exclusiveScreen, .timeLimit(.minutes(3)))
struct PlayerViewWindowIntegrationTests {
    /// The clip's colour, as the window shows it (through YUV and back).
    static let videoColor: (red: UInt8, green: UInt8, blue: UInt8) = (48, 80, 160)
    /// Within this of `videoColor` in every channel, a pixel is the video's.
    static let sameColor = 16

    /// A flat 640x360 clip of `seconds`, made once per run by the ffmpeg CLI.
    static func flatClip(seconds: Int = 20) async throws -> String {
        let url = try TestMedia.directory().appendingPathComponent("flat-640x360-\(seconds)s.mp4")
        if !FileManager.default.fileExists(atPath: url.path) {
            let partial = url.deletingLastPathComponent().appendingPathComponent("\(UUID().uuidString).mp4")
            let result = try await ToolRunner.run(
                try ToolRunner.find("ffmpeg"),
                [
                    "-nostdin", "-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i",
                    "color=c=0x3050a0:size=640x360:rate=25", "-t", "\(seconds)", "-c:v", "libx264", "-preset",
                    "veryfast", "-pix_fmt", "yuv420p", partial.path,
                ], timeout: .seconds(60))
            #expect(result.status == 0, "ffmpeg: \(result.errorText)")
            try? FileManager.default.moveItem(at: partial, to: url)
        }
        return url.path
    }

    @Test("The controls show on a pointer move, hide 3 s after it, and stay while paused")
    func showHidePause() async throws {
        let session = try await SpoolWindowSession.start(try await Self.flatClip())
        let layout = session.layout(duration: 20)
        let buttons = OverlayRect(x: 0, y: layout.bar.y + layout.bar.height / 2, width: layout.bar.width, height: 8)
        func barShown(_ pixels: WindowPixels) -> Bool {
            pixels.largestDifference(in: buttons, from: Self.videoColor) > 60
        }
        func barHidden(_ pixels: WindowPixels) -> Bool {
            pixels.largestDifference(in: buttons, from: Self.videoColor) <= Self.sameColor
        }
        // The pointer over the video, away from the bar: the controls show, then hide.
        try await session.movePointer(toX: session.window.width / 2, y: session.window.height / 3)
        try await session.movePointer(toX: session.window.width / 2 + 5, y: session.window.height / 3)
        let shown = try await session.screenshot(until: barShown)
        #expect(shown.held, "the control bar did not appear after the pointer moved")
        try await shown.pixels.save(as: "osc-controls-shown")
        let hidden = try await session.screenshot(until: barHidden)
        #expect(hidden.held, "the control bar did not hide while playing without input")
        try await hidden.pixels.save(as: "osc-controls-hidden")
        // The top of the window (the title strip) is the video's again too.
        #expect(hidden.pixels.largestDifference(in: layout.titleBar, from: Self.videoColor) <= Self.sameColor)

        // Space pauses (the keyboard goes to the window under the pointer) and shows them.
        try await session.press("space")
        let paused = try await session.screenshot(until: barShown)
        #expect(paused.held, "pausing did not show the controls")
        // Paused: still shown well past the 3 s a playing view would wait.
        try await Task.sleep(for: .seconds(5))
        let stillShown = try await session.screenshot()
        #expect(barShown(stillShown), "the controls hid while paused")
        try await stillShown.save(as: "osc-controls-paused")

        let output = try await session.quit()
        #expect(output.status == 0, "stderr: \(output.errorText)")
    }
}
