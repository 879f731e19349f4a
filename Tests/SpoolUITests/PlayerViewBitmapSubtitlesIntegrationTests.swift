import Foundation
import SpoolTestSupport
import SpoolUI
import Testing

/// A PGS track drawn in `spool play`'s window: the written red block (authored on 1280x720,
/// over a 640x360 video) appears at its place scaled to the picture's rectangle while the cue lasts (its hole shows the video), and
/// nowhere before or after. Screenshot: `.build/test-screenshots/osc-subtitle-bitmap.png`.
@Suite("spool play draws bitmap subtitles (Xvfb)", .serialized, .exclusiveScreen, .timeLimit(.minutes(3)))
struct PlayerViewBitmapSubtitlesIntegrationTests {
    static func isRed(_ pixel: (red: UInt8, green: UInt8, blue: UInt8)) -> Bool {
        pixel.red > 200 && pixel.green < 60 && pixel.blue < 60
    }

    /// Whether any pixel of `rect` (every other one) is the block's red.
    static func hasRed(in rect: OverlayRect, of pixels: WindowPixels) -> Bool {
        for y in stride(from: rect.y, to: rect.maxY, by: 2) {
            for x in stride(from: rect.x, to: rect.maxX, by: 2) where isRed(pixels.pixel(x: x, y: y)) { return true }
        }
        return false
    }

    /// The block's rectangle in the window: the 640x360 video fitted into the window (centred,
    /// aspect kept), the block scaled from the PGS track's 1280x720 to that picture.
    static func expectedRect(window: (width: Int, height: Int)) -> OverlayRect {
        let video = BitmapSubtitleMedia.presentation
        let fit = min(Double(window.width) / Double(video.width), Double(window.height) / Double(video.height))
        let picture = (
            x: (Double(window.width) - Double(video.width) * fit) / 2,
            y: (Double(window.height) - Double(video.height) * fit) / 2
        )
        let scale = Double(video.width) * fit / Double(BitmapSubtitleMedia.windowPresentation.width)
        let block = BitmapSubtitleMedia.windowSubtitle
        return OverlayRect(
            x: Int((picture.x + Double(block.x) * scale).rounded()),
            y: Int((picture.y + Double(block.y) * scale).rounded()),
            width: Int((Double(block.width) * scale).rounded()), height: Int((Double(block.height) * scale).rounded()))
    }

    @Test("The PGS cue from 6 s to 9 s: red in its scaled rectangle only during it, the hole and the rest the video's")
    func bitmapCueOnScreen() async throws {
        let clip = try await BitmapSubtitleMedia.windowClip()
        let session = try await SpoolWindowSession.start(clip.path, ["--sub-lang", "eng"])
        let (width, height) = (session.window.width, session.window.height)
        let block = Self.expectedRect(window: (width, height))
        // A few pixels in from the edges: scaling may round an edge by a pixel.
        let inner = block.insetBy(dx: 3, dy: 3)
        let everywhere = OverlayRect(x: 0, y: 0, width: width, height: height)
        let layout = session.layout(duration: 16)
        let buttons = OverlayRect(x: 0, y: layout.bar.y + layout.bar.height / 2, width: width, height: 8)
        let video = BitmapSubtitleMedia.windowVideoColor
        // The controls hide about 3 s in; the cue starts at 6 s.
        let hidden = try await session.screenshot {
            $0.largestDifference(in: buttons, from: video) <= PlayerViewWindowIntegrationTests.sameColor
        }
        #expect(hidden.held, "the controls did not hide")
        #expect(!Self.hasRed(in: everywhere, of: hidden.pixels), "red before the cue")

        let during = try await session.screenshot(within: .seconds(20)) {
            Self.hasRed(in: inner, of: $0)
        }
        #expect(during.held, "no red block during the cue")
        try await during.pixels.save(as: "osc-subtitle-bitmap")
        // The block's band of ink: its top rows, left columns, and the hole in the middle.
        let quarter = (width: block.width / 4, height: block.height / 4)
        let top = OverlayRect(x: inner.x, y: inner.y, width: inner.width, height: quarter.height - 6)
        let left = OverlayRect(x: inner.x, y: inner.y, width: quarter.width - 6, height: inner.height)
        #expect(
            top.height > 0 && (top.y..<top.maxY).allSatisfy { y in Self.isRed(during.pixels.pixel(x: top.midX, y: y)) },
            "the block's top band is not all red")
        #expect(
            (left.x..<left.maxX).allSatisfy { x in Self.isRed(during.pixels.pixel(x: x, y: left.midY)) },
            "the block's left band is not all red")
        let hole = OverlayRect(
            x: block.x + quarter.width + 4, y: block.y + quarter.height + 4, width: block.width / 2 - 8,
            height: block.height / 2 - 8)
        #expect(
            during.pixels.largestDifference(in: hole, from: video) <= PlayerViewWindowIntegrationTests.sameColor,
            "the hole is not the video's colour")
        // Nothing red outside the block (a margin of 3 pixels for the scaled edges).
        let outer = block.insetBy(dx: -3, dy: -3)
        let outside = [
            OverlayRect(x: 0, y: 0, width: width, height: outer.y),
            OverlayRect(x: 0, y: outer.maxY, width: width, height: height - outer.maxY),
            OverlayRect(x: 0, y: outer.y, width: outer.x, height: outer.height),
            OverlayRect(x: outer.maxX, y: outer.y, width: width - outer.maxX, height: outer.height),
        ]
        #expect(!outside.contains { Self.hasRed(in: $0, of: during.pixels) }, "red outside \(block)")

        let after = try await session.screenshot(within: .seconds(10)) { !Self.hasRed(in: everywhere, of: $0) }
        #expect(after.held, "the block stayed after its end")
        let events = try String(contentsOfFile: session.eventsPath, encoding: .utf8)
        #expect(events.contains("\"images\":1"), "the bitmap cue was not delivered: \(events)")
        let output = try await session.quit()
        #expect(output.status == 0, "stderr: \(output.errorText)")
    }
}
