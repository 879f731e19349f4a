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

    /// A flat 640x360 clip of `seconds` with silent sound (the engine notices a stall by its
    /// sound running dry), made once per run by the ffmpeg CLI.
    static func flatClip(seconds: Int = 20) async throws -> String {
        let url = try TestMedia.directory().appendingPathComponent("flat-640x360-\(seconds)s-faststart.mp4")
        if !FileManager.default.fileExists(atPath: url.path) {
            let partial = url.deletingLastPathComponent().appendingPathComponent("\(UUID().uuidString).mp4")
            let result = try await ToolRunner.run(
                try ToolRunner.find("ffmpeg"),
                [
                    "-nostdin", "-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i",
                    "color=c=0x3050a0:size=640x360:rate=25", "-f", "lavfi", "-i", "anullsrc=r=48000:cl=stereo",
                    "-t", "\(seconds)", "-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-c:a", "aac",
                    "-movflags", "+faststart", partial.path,
                ], timeout: .seconds(60))
            #expect(result.status == 0, "ffmpeg: \(result.errorText)")
            try? FileManager.default.moveItem(at: partial, to: url)
        }
        return url.path
    }

    /// Where the top-level `mdat` box's bytes are in an MP4 file.
    static func mediaDataRange(in file: Data) -> Range<Int>? {
        let bytes = [UInt8](file)
        var offset = 0
        while offset + 8 <= bytes.count {
            let size = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            guard size >= 8 else { return nil }
            if bytes[offset + 4..<offset + 8].elementsEqual("mdat".utf8) {
                return (offset + 8)..<min(offset + size, bytes.count)
            }
            offset += size
        }
        return nil
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

    @Test("A download slower than playback stalls it: the window shows the buffering spinner")
    func spinnerDuringAStall() async throws {
        let clip = try await Self.flatClip()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: clip))
        let server = try LoopbackHTTPServer()
        defer { server.stop() }
        // Everything before the media data and a fifth of it at once (it opens and plays about
        // 4 s), then a two-hundredth a second: a tenth of real time.
        let media = try #require(Self.mediaDataRange(in: bytes))
        server.setRoute(
            "/flat.mp4",
            .file(
                bytes,
                throttle: ScriptedResponse.Throttle(
                    chunkSize: max(media.count / 200, 1), delay: .seconds(1),
                    firstChunkSize: media.lowerBound + media.count / 5)))
        let input = server.url("/flat.mp4").absoluteString
        let session = try await SpoolWindowSession.start(input)
        let spinner = session.layout(duration: 20).spinner
        // The picture shows (a corner is the clip's colour) and, over it, the spinner.
        let corner = OverlayRect(x: 8, y: 70, width: 40, height: 40)
        let waiting = try await session.screenshot(within: .seconds(30)) {
            $0.largestDifference(in: corner, from: Self.videoColor) <= Self.sameColor
                && $0.largestDifference(in: spinner, from: Self.videoColor) > 60
        }
        #expect(waiting.held, "no spinner while the download cannot keep up")
        try await waiting.pixels.save(as: "osc-buffering-spinner")
        let output = try await session.quit()
        #expect(output.status == 0, "stderr: \(output.errorText)")
    }

    @Test("Hovering over the timeline shows a preview picture of that time above it")
    func scrubPreview() async throws {
        let session = try await SpoolWindowSession.start(try await Self.flatClip(), ["--geometry", "1280x720"])
        let layout = session.layout(duration: 20)
        let timeline = try #require(layout.frame(of: .timeline))
        let x = timeline.x + timeline.width / 2
        // The preview: 192x108 (the clip's 16:9) centred over the pointer, 44 px above the
        // timeline, in a 2 px white border.
        let top = timeline.y - 44 - 108
        let border = OverlayRect(x: x - 90, y: top - 2, width: 180, height: 2)
        let inside = OverlayRect(x: x - 80, y: top + 20, width: 160, height: 60)
        try await session.movePointer(toX: x - 5, y: timeline.midY)
        try await session.movePointer(toX: x, y: timeline.midY)
        let shown = try await session.screenshot(within: .seconds(15)) {
            $0.brightest(in: border) > 240 && $0.largestDifference(in: border, from: (255, 255, 255)) < 16
                && $0.largestDifference(in: inside, from: Self.videoColor) <= Self.sameColor
        }
        #expect(shown.held, "no preview picture above the hovered timeline")
        try await shown.pixels.save(as: "osc-scrub-preview")
        let output = try await session.quit()
        #expect(output.status == 0, "stderr: \(output.errorText)")
    }
}
