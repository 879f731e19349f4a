import Spool
import SpoolUI
import Testing

/// Bitmap cues (PGS, DVD, DVB) in a `SubtitleRenderer`'s frame: scaled from their reference
/// size to the frame, composited with the text, untouched by the caption style and the bottom
/// margin, shown only between their times. Screenshot: `.build/test-screenshots/subtitles-bitmap.png`.
@Suite("Bitmap subtitle compositing")
struct BitmapSubtitleRenderingTests {
    static let frame = OverlaySize(width: 1280, height: 720)
    static let red = OverlayColor(red: 255, green: 0, blue: 0, alpha: 255)

    static func seconds(_ value: Double) -> MediaTime { MediaTime(seconds: value, preferredTimescale: 1000) }

    /// A 200x60 red block at (100, 200) of a 640x360 presentation, with a transparent 100x30
    /// hole in its middle, from 1 to 3 s: at 1280x720 it covers (200, 400) 400x120.
    static func blockCue() throws -> LegibleCue {
        let (width, height) = (200, 60)
        var pixels: [UInt8] = []
        for row in 0..<height {
            for column in 0..<width {
                let hole = column >= 50 && column < 150 && row >= 15 && row < 45
                pixels += hole ? [0, 0, 0, 0] : [255, 0, 0, 255]
            }
        }
        let image = try #require(LegibleCue.Image(x: 100, y: 200, width: width, height: height, pixels: pixels))
        return LegibleCue(
            start: seconds(1), end: seconds(3),
            bitmap: .init(referenceSize: PixelSize(width: 640, height: 360), images: [image]))
    }

    static let scaled = OverlayRect(x: 200, y: 400, width: 400, height: 120)

    /// Every pixel of `rect` passes `test`.
    static func all(_ image: OverlayImage, in rect: OverlayRect, _ test: (OverlayColor) -> Bool) -> Bool {
        (rect.y..<rect.maxY).allSatisfy { y in (rect.x..<rect.maxX).allSatisfy { x in test(image.color(atX: x, y: y)) }
        }
    }

    @Test("scaled 2x into the frame: red inside the block's scaled rectangle, transparent in its hole and outside")
    func scaledIntoTheFrame() async throws {
        let renderer = try SubtitleRenderer(frameSize: Self.frame)
        renderer.addEmbedded(try Self.blockCue())
        let rendering = renderer.render(at: Self.seconds(2))
        #expect(rendering.changed)
        let frame = rendering.frame
        #expect(frame.bounds == Self.scaled)
        let full = frame.fullFrame
        let hole = OverlayRect(x: 300, y: 430, width: 200, height: 60)
        #expect(Self.all(full, in: OverlayRect(x: 200, y: 400, width: 400, height: 30)) { $0 == Self.red })
        #expect(Self.all(full, in: OverlayRect(x: 200, y: 400, width: 100, height: 120)) { $0 == Self.red })
        #expect(full.isTransparent(in: hole))
        // Outside: everything above, below, left and right of the scaled rectangle.
        #expect(full.isTransparent(in: OverlayRect(x: 0, y: 0, width: 1280, height: 400)))
        #expect(full.isTransparent(in: OverlayRect(x: 0, y: 520, width: 1280, height: 200)))
        #expect(full.isTransparent(in: OverlayRect(x: 0, y: 400, width: 200, height: 120)))
        #expect(full.isTransparent(in: OverlayRect(x: 600, y: 400, width: 680, height: 120)))
        try await SubtitleScreenshots.save(frame, as: "subtitles-bitmap")
    }

    @Test("only between its times; appearing and going are reported as changes")
    func onlyBetweenItsTimes() throws {
        let renderer = try SubtitleRenderer(frameSize: Self.frame)
        renderer.addEmbedded(try Self.blockCue())
        #expect(renderer.render(at: Self.seconds(0.5)).frame.isEmpty)
        let shown = renderer.render(at: Self.seconds(1))
        #expect(shown.changed && shown.frame.bounds == Self.scaled)
        #expect(!renderer.render(at: Self.seconds(2)).changed)
        let gone = renderer.render(at: Self.seconds(3))
        #expect(gone.changed && gone.frame.isEmpty)
    }

    @Test("the caption style and the controls' bottom margin do not move or restyle it; a new frame size rescales it")
    func authorPlacedNotStyled() throws {
        var style = CaptionStyle.default
        style.fontScale = 2
        style.windowColor = OverlayColor(red: 0, green: 0, blue: 255, alpha: 255)
        let renderer = try SubtitleRenderer(frameSize: Self.frame, style: style, bottomMargin: 300)
        renderer.addEmbedded(try Self.blockCue())
        let frame = renderer.render(at: Self.seconds(2)).frame
        #expect(frame.bounds == Self.scaled)
        #expect(frame.fullFrame.color(atX: 201, y: 401) == Self.red)
        renderer.frameSize = OverlaySize(width: 640, height: 360)
        let native = renderer.render(at: Self.seconds(2.1))
        #expect(native.changed)
        #expect(native.frame.bounds == OverlayRect(x: 100, y: 200, width: 200, height: 60))
    }

    @Test("with a text cue: both show, the text in the lower part over nothing of the bitmap's")
    func withTextCue() throws {
        let renderer = try SubtitleRenderer(frameSize: Self.frame)
        renderer.addEmbedded(try Self.blockCue())
        renderer.add(LegibleCue(start: Self.seconds(1), end: Self.seconds(3), text: "Text too"))
        let full = renderer.render(at: Self.seconds(2)).frame.fullFrame
        #expect(full.color(atX: 210, y: 410) == Self.red)
        let text = try #require(Ink.box(of: full, where: Ink.isWhite))
        #expect(text.y > Self.scaled.maxY)
    }

    @Test("a partly transparent pixel keeps its colour and alpha (straight alpha out), an opaque one is copied")
    func partialAlpha() throws {
        let image = try #require(
            LegibleCue.Image(x: 0, y: 0, width: 2, height: 1, pixels: [255, 0, 0, 128, 0, 0, 255, 255]))
        let cue = LegibleCue(
            start: Self.seconds(1), end: Self.seconds(3),
            bitmap: .init(referenceSize: PixelSize(width: 4, height: 2), images: [image]))
        let renderer = try SubtitleRenderer(frameSize: OverlaySize(width: 400, height: 200))
        renderer.addEmbedded(cue)
        let frame = renderer.render(at: Self.seconds(2)).frame
        // 100x scale: each source pixel becomes a 100x100 square.
        #expect(frame.bounds == OverlayRect(x: 0, y: 0, width: 200, height: 100))
        let half = frame.fullFrame.color(atX: 50, y: 50)
        #expect(half.alpha == 128 && half.red >= 253 && half.green == 0 && half.blue == 0, "\(half)")
        #expect(frame.fullFrame.color(atX: 150, y: 50) == OverlayColor(red: 0, green: 0, blue: 255, alpha: 255))
        #expect(frame.fullFrame.isTransparent(in: OverlayRect(x: 200, y: 0, width: 200, height: 200)))
    }
}
