import SpoolUI
import Testing

/// `PlayerView.contentOverlay`'s layers as the renderer draws them: under the controls, at
/// their anchors in the picture, while the controls hide too.
@Suite("Content overlay layers")
struct ContentOverlayTests {
    let renderer: PlayerControlsRenderer

    init() throws {
        renderer = try PlayerControlsRenderer()
    }

    /// A 40×20 logo: red, half transparent in its right half.
    static let logo: OverlayImage = {
        var pixels: [UInt8] = []
        for _ in 0..<20 {
            for x in 0..<40 { pixels += [255, 0, 0, x < 20 ? 255 : 128] }
        }
        return OverlayImage(width: 40, height: 20, pixels: pixels)!
    }()

    static let window = OverlayRect(x: 0, y: 0, width: 1280, height: 720)

    @Test("An image layer sits at its anchor, margin in, blended by its alpha, with controls hidden")
    func imageAtAnchor() async throws {
        var harness = ControlsHarness()
        harness.wait(.seconds(3))
        #expect(!harness.model.areControlsVisible)
        let picture = OverlayRect(x: 160, y: 0, width: 960, height: 720)
        let layer = ContentOverlayLayer(.image(Self.logo), anchor: .topTrailing, margin: 24)
        let image = renderer.render(harness.model, contentOverlay: [layer], picture: picture)
        try await OverlayScreenshots.save(image, as: "content-overlay-logo")
        // 24 design pixels at 720 lines is 24 pixels: the logo spans x 1056..<1096, y 24..<44.
        #expect(image.color(atX: 1060, y: 30) == OverlayColor(red: 255, green: 0, blue: 0))
        #expect((120...136).contains(image.color(atX: 1090, y: 30).alpha))
        let logo = OverlayRect(x: 1056, y: 24, width: 40, height: 20)
        #expect(image.minimumAlpha(in: logo) >= 128)
        // Nothing else is drawn.
        for outside in [
            OverlayRect(x: 0, y: 0, width: 1056, height: 720), OverlayRect(x: 1096, y: 0, width: 184, height: 720),
            OverlayRect(x: 1056, y: 44, width: 40, height: 676), OverlayRect(x: 1056, y: 0, width: 40, height: 24),
        ] {
            #expect(image.isTransparent(in: outside), "\(outside)")
        }
    }

    @Test("Each anchor keeps to its corner of the picture; opacity scales the alpha; zero draws nothing")
    func anchorsAndOpacity() {
        let picture = OverlayRect(x: 0, y: 0, width: 1280, height: 720)
        let cases: [(ContentOverlayLayer.Anchor, Int, Int)] = [
            (.topLeading, 24, 24), (.bottomLeading, 24, 676), (.bottomTrailing, 1216, 676), (.center, 620, 350),
        ]
        var waiting = ControlsHarness()
        waiting.wait(.seconds(3))
        for (anchor, x, y) in cases {
            let layer = ContentOverlayLayer(.image(Self.logo), anchor: anchor, margin: 24, opacity: 0.5)
            let image = renderer.render(waiting.model, contentOverlay: [layer], picture: picture)
            #expect((120...136).contains(image.color(atX: x + 5, y: y + 5).alpha), "\(anchor)")
            #expect(image.isTransparent(in: OverlayRect(x: x - 2, y: y - 2, width: 1, height: 1)), "\(anchor)")
        }
        let invisible = ContentOverlayLayer(.image(Self.logo), anchor: .topLeading, opacity: 0)
        #expect(
            renderer.render(waiting.model, contentOverlay: [invisible], picture: picture).isTransparent(in: Self.window)
        )
    }

    @Test("The controls draw over a layer: where the bar is, the bar wins")
    func controlsOnTop() {
        let harness = ControlsHarness()
        let bar = harness.model.layout.bar
        let layer = ContentOverlayLayer(.image(Self.logo), anchor: .bottomLeading, margin: 0)
        let image = renderer.render(harness.model, contentOverlay: [layer], picture: Self.window)
        // The logo's opaque half lies under the bar's dark shade: no longer pure red.
        let pixel = image.color(atX: 5, y: bar.maxY - 10)
        #expect(pixel.red < 200 && pixel.alpha == 255, "\(pixel)")
    }

    @Test("A text layer draws ink inside its anchored box and nowhere else")
    func textLayer() async throws {
        var harness = ControlsHarness()
        harness.wait(.seconds(3))
        let layer = ContentOverlayLayer(
            .text("SPOOL TV", size: 28, color: .white, bold: true), anchor: .topLeading, margin: 24)
        let image = renderer.render(harness.model, contentOverlay: [layer], picture: Self.window)
        try await OverlayScreenshots.save(image, as: "content-overlay-text")
        #expect(!image.isTransparent(in: OverlayRect(x: 24, y: 24, width: 200, height: 40)))
        #expect(image.isTransparent(in: OverlayRect(x: 0, y: 100, width: 1280, height: 620)))
        #expect(image.isTransparent(in: OverlayRect(x: 400, y: 0, width: 880, height: 100)))
    }
}
