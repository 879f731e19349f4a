import Foundation
import SpoolTestSupport
import SpoolUI
import Testing

/// Subtitles drawn in `spool play`'s window by libass: a sidecar SubRip cue over a flat clip
/// shows white glyph pixels in the lower part of the picture only while the cue lasts.
@Suite("spool play draws subtitles (Xvfb + libass)", .serialized, .exclusiveScreen, .timeLimit(.minutes(3)))
struct PlayerViewSubtitlesIntegrationTests {
    /// Whether `rect` holds glyph pixels: near white, which the flat blue clip never is.
    static func hasGlyphs(in rect: OverlayRect, of pixels: WindowPixels) -> Bool {
        for y in stride(from: rect.y, to: rect.maxY, by: 2) {
            for x in stride(from: rect.x, to: rect.maxX, by: 2) {
                let pixel = pixels.pixel(x: x, y: y)
                if min(pixel.red, pixel.green, pixel.blue) > 200 { return true }
            }
        }
        return false
    }

    /// `spool play` of the flat clip with `options` and a sidecar SubRip file `file` holding
    /// one cue, "Spool subtitles on screen", at `cue` (SubRip's "start --> end").
    static func playFlatClip(cue: String, file: String, options: [String] = []) async throws -> SpoolWindowSession {
        let clip = try await PlayerViewWindowIntegrationTests.flatClip()
        let subtitles = try TestMedia.file(named: file, contents: Data("1\n\(cue)\nSpool subtitles on screen\n".utf8))
        return try await SpoolWindowSession.start(clip, options + ["--sub", subtitles.path])
    }

    @Test("A cue from 8 s to 11 s: no glyphs before it, glyphs in the lower part during it, none after")
    func cueOnScreen() async throws {
        let session = try await Self.playFlatClip(cue: "00:00:08,000 --> 00:00:11,000", file: "window-cue.srt")
        let (width, height) = (session.window.width, session.window.height)
        let lower = OverlayRect(x: 0, y: height / 2, width: width, height: height / 2)
        let upper = OverlayRect(x: 0, y: 0, width: width, height: height / 2)
        let layout = session.layout(duration: 20)
        let buttons = OverlayRect(x: 0, y: layout.bar.y + layout.bar.height / 2, width: width, height: 8)
        // The controls hide about 3 s in; the cue starts at 8 s.
        let hidden = try await session.screenshot {
            $0.largestDifference(in: buttons, from: PlayerViewWindowIntegrationTests.videoColor)
                <= PlayerViewWindowIntegrationTests.sameColor
        }
        #expect(hidden.held, "the controls did not hide")
        #expect(!Self.hasGlyphs(in: lower, of: hidden.pixels), "subtitle pixels before the cue")

        let during = try await session.screenshot(within: .seconds(20)) { Self.hasGlyphs(in: lower, of: $0) }
        #expect(during.held, "no subtitle glyphs during the cue")
        try await during.pixels.save(as: "osc-subtitle-on-screen")
        #expect(!Self.hasGlyphs(in: upper, of: during.pixels), "subtitle pixels in the upper half")

        let after = try await session.screenshot(within: .seconds(10)) { !Self.hasGlyphs(in: lower, of: $0) }
        #expect(after.held, "the subtitle stayed after its end")
        let events = try String(contentsOfFile: session.eventsPath, encoding: .utf8)
        #expect(events.contains("\"type\":\"cue\""), "the cue was not delivered: \(events)")
        let output = try await session.quit()
        #expect(output.status == 0, "stderr: \(output.errorText)")
    }

    @Test("--no-osc: the cue is drawn while it lasts, no control ever shows, and q still quits")
    func cueWithoutControls() async throws {
        let session = try await Self.playFlatClip(
            cue: "00:00:04,000 --> 00:00:07,000", file: "window-cue-no-osc.srt", options: ["--no-osc"])
        let (width, height) = (session.window.width, session.window.height)
        let lower = OverlayRect(x: 0, y: height / 2, width: width, height: height / 2)
        // With controls, the title's shade darkens the top of the window whenever they show.
        let top = OverlayRect(x: 0, y: 0, width: width, height: 24)
        try await session.movePointer(toX: width / 2, y: height - 20)
        let before = try await session.screenshot()
        #expect(
            before.largestDifference(in: top, from: PlayerViewWindowIntegrationTests.videoColor)
                <= PlayerViewWindowIntegrationTests.sameColor, "controls shown under the pointer with --no-osc")
        #expect(!Self.hasGlyphs(in: lower, of: before), "subtitle pixels before the cue")

        let during = try await session.screenshot(within: .seconds(20)) { Self.hasGlyphs(in: lower, of: $0) }
        #expect(during.held, "no subtitle glyphs during the cue with --no-osc")
        try await during.pixels.save(as: "osc-subtitle-no-osc")
        #expect(
            during.pixels.largestDifference(in: top, from: PlayerViewWindowIntegrationTests.videoColor)
                <= PlayerViewWindowIntegrationTests.sameColor, "controls drawn with --no-osc")
        let output = try await session.quit()
        #expect(output.status == 0, "stderr: \(output.errorText)")
    }
}

extension PlayerViewSubtitlesIntegrationTests {
    /// The width of the near-white glyph pixels in the lower half of a screenshot.
    static func glyphWidth(in pixels: WindowPixels) -> Int {
        var (minX, maxX) = (Int.max, -1)
        for y in pixels.window.height / 2..<pixels.window.height {
            for x in 0..<pixels.window.width {
                let pixel = pixels.pixel(x: x, y: y)
                if min(pixel.red, pixel.green, pixel.blue) > 200 { (minX, maxX) = (min(minX, x), max(maxX, x)) }
            }
        }
        return maxX < 0 ? 0 : maxX - minX + 1
    }

    /// The glyph width `spool play` shows for the attached-font file, with or without its font.
    static func shownWidth(withFont: Bool) async throws -> Int {
        let clip = try await AttachedFontTestMedia.mkv(withFont: withFont)
        // Measured once the controls have hidden: their labels are white too.
        let session = try await SpoolWindowSession.start(clip.path)
        let layout = session.layout(duration: Double(AttachedFontTestMedia.duration))
        let buttons = OverlayRect(
            x: 0, y: layout.bar.y + layout.bar.height / 2, width: session.window.width, height: 8)
        // Two screenshots that agree: the cue is fully drawn, not caught mid-change.
        var previous = -1
        let shot = try await session.screenshot(within: .seconds(20)) { pixels in
            let hidden =
                pixels.largestDifference(in: buttons, from: PlayerViewWindowIntegrationTests.videoColor)
                <= PlayerViewWindowIntegrationTests.sameColor
            let width = hidden ? Self.glyphWidth(in: pixels) : -1
            defer { previous = width }
            return width > 0 && width == previous
        }
        try await shot.pixels.save(as: "osc-subtitle-attached-font-\(withFont ? "with" : "without")")
        _ = try await session.quit()
        #expect(shot.held, "no subtitle glyphs on screen")
        return Self.glyphWidth(in: shot.pixels)
    }

    @Test("An ASS track styled in a font the MKV attaches is drawn in that font (twice as wide as without it)")
    func attachedFontOnScreen() async throws {
        let attached = try await Self.shownWidth(withFont: true)
        let fallback = try await Self.shownWidth(withFont: false)
        #expect(fallback > 0)
        #expect(Double(attached) > 1.6 * Double(fallback), "with the font \(attached) px, without \(fallback) px")
    }
}
