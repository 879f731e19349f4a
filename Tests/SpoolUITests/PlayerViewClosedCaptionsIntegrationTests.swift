import Foundation
import SpoolTestSupport
import SpoolUI
import Testing

/// Closed captions drawn in `spool play`'s window: selected with `--sub-lang cc1`, the
/// caption the video carries (8–11 s) shows as near-white glyphs in the lower part of the
/// flat blue picture only while it lasts, like a text subtitle.
@Suite("spool play draws closed captions (Xvfb + libass)", .serialized, .exclusiveScreen, .timeLimit(.minutes(3)))
struct PlayerViewClosedCaptionsIntegrationTests {
    @Test("CC1 chosen: no glyphs before the caption, glyphs in the lower part during it, none after; without: none")
    func captionOnScreen() async throws {
        let clip = try await ClosedCaptionTestMedia.windowClip()
        for chosen in [true, false] {
            let session = try await SpoolWindowSession.start(clip.path, chosen ? ["--sub-lang", "cc1"] : [])
            let (width, height) = (session.window.width, session.window.height)
            let lower = OverlayRect(x: 0, y: height / 2, width: width, height: height / 2)
            let upper = OverlayRect(x: 0, y: 0, width: width, height: height / 2)
            let layout = session.layout(duration: 14)
            let buttons = OverlayRect(x: 0, y: layout.bar.y + layout.bar.height / 2, width: width, height: 8)
            // The controls hide about 3 s in; the caption shows at 8 s.
            let hidden = try await session.screenshot {
                $0.largestDifference(in: buttons, from: PlayerViewWindowIntegrationTests.videoColor)
                    <= PlayerViewWindowIntegrationTests.sameColor
            }
            #expect(hidden.held, "the controls did not hide")
            #expect(!PlayerViewSubtitlesIntegrationTests.hasGlyphs(in: lower, of: hidden.pixels))
            let during = try await session.screenshot(within: .seconds(chosen ? 20 : 9)) {
                PlayerViewSubtitlesIntegrationTests.hasGlyphs(in: lower, of: $0)
            }
            #expect(during.held == chosen, "caption glyphs on screen: \(during.held), chosen: \(chosen)")
            if chosen {
                try await during.pixels.save(as: "osc-closed-caption-on-screen")
                #expect(!PlayerViewSubtitlesIntegrationTests.hasGlyphs(in: upper, of: during.pixels))
                // In the caption style like other text cues: centred, not clipped at an edge
                // (ccaption's own top-left placement is not used).
                let (left, right) = Self.glyphSpan(in: during.pixels)
                #expect(left > 0 && right < width - 1, "glyphs from x \(left) to \(right) of \(width)")
                #expect(abs((left + right) / 2 - width / 2) < width / 10, "not centred: \(left)–\(right)")
                let after = try await session.screenshot(within: .seconds(10)) {
                    !PlayerViewSubtitlesIntegrationTests.hasGlyphs(in: lower, of: $0)
                }
                #expect(after.held, "the caption stayed after its end")
                let events = try String(contentsOfFile: session.eventsPath, encoding: .utf8)
                #expect(events.contains(ClosedCaptionTestMedia.windowCaption), "not delivered: \(events)")
            }
            let output = try await session.quit()
            #expect(output.status == 0, "stderr: \(output.errorText)")
        }
    }

    /// The leftmost and rightmost near-white pixel columns of the lower half.
    static func glyphSpan(in pixels: WindowPixels) -> (left: Int, right: Int) {
        var (left, right) = (Int.max, -1)
        for y in pixels.window.height / 2..<pixels.window.height {
            for x in 0..<pixels.window.width {
                let pixel = pixels.pixel(x: x, y: y)
                if min(pixel.red, pixel.green, pixel.blue) > 200 { (left, right) = (min(left, x), max(right, x)) }
            }
        }
        return (left, right)
    }
}
