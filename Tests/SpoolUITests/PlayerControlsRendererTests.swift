import SpoolUI
import Testing

/// The overlay drawn at 1280x720: which regions have ink, and when. Screenshots go to
/// `.build/test-screenshots/controls-*.png`.
@Suite("Controls overlay drawing")
struct PlayerControlsRendererTests {
    let renderer: PlayerControlsRenderer

    init() throws {
        renderer = try PlayerControlsRenderer()
    }

    /// The part of the window the controls never cover at 1280x720: between the title strip
    /// and the fade above the bar.
    static let videoOnly = OverlayRect(x: 0, y: 60, width: 1280, height: 220)

    @Test("Shown: the whole control bar is non-transparent, the video area above it untouched")
    func shown() async throws {
        let harness = ControlsHarness()
        let image = renderer.render(harness.model)
        try await OverlayScreenshots.save(image, as: "controls-shown")
        #expect((image.width, image.height) == (1280, 720))
        #expect(image.minimumAlpha(in: harness.model.layout.bar) >= 180)
        #expect(image.isTransparent(in: Self.videoOnly))
        // Ink where the play/pause icon is: white pixels in its box.
        let play = harness.frame(of: .playPause)
        #expect(image.color(atX: play.midX - 6, y: play.midY) == .white)
    }

    @Test("Hidden after 3 s: every pixel is fully transparent")
    func hidden() async throws {
        var harness = ControlsHarness()
        harness.wait(.seconds(3))
        let image = renderer.render(harness.model)
        try await OverlayScreenshots.save(image, as: "controls-hidden")
        #expect(image.isTransparent(in: OverlayRect(x: 0, y: 0, width: 1280, height: 720)))
    }

    @Test("Hidden while buffering: only the spinner in the middle")
    func spinnerAlone() async throws {
        var harness = ControlsHarness()
        harness.report { $0.phase = .waiting }
        harness.wait(.seconds(3))
        let image = renderer.render(harness.model)
        try await OverlayScreenshots.save(image, as: "controls-buffering")
        #expect(!image.isTransparent(in: harness.model.layout.spinner))
        #expect(image.isTransparent(in: harness.model.layout.bar))
        #expect(image.isTransparent(in: Self.videoOnly))
    }

    @Test("Play and pause draw different icons; the focus ring is drawn around the focused control")
    func iconsAndFocus() {
        var harness = ControlsHarness()
        let playing = renderer.render(harness.model)
        harness.report { $0.phase = .paused }
        let paused = renderer.render(harness.model)
        let button = harness.frame(of: .playPause)
        #expect(playing.cropped(to: button) != paused.cropped(to: button))
        harness.key(.tab)  // the timeline
        let focused = renderer.render(harness.model)
        let timeline = harness.frame(of: .timeline)
        let ring = focused.color(atX: timeline.midX, y: timeline.y - 2)
        #expect(ring.blue > 200 && ring.red < 150)
        #expect(paused.color(atX: timeline.midX, y: timeline.y - 2).blue < 100)
    }

    @Test("An open menu's panel and the error banner are drawn where the layout puts them")
    func menuAndBanner() async throws {
        var harness = ControlsHarness()
        harness.click(.speedMenu)
        let menu = renderer.render(harness.model)
        try await OverlayScreenshots.save(menu, as: "controls-speed-menu")
        let panel = try #require(harness.model.layout.menu?.panel)
        #expect(menu.minimumAlpha(in: panel.insetBy(dx: 10, dy: 10)) >= 200)

        var failed = ControlsHarness.playing
        failed.phase = .failed(message: "The server answered 404 Not Found")
        failed.hasNextItem = true
        let banner = ControlsHarness(failed)
        let image = renderer.render(banner.model)
        try await OverlayScreenshots.save(image, as: "controls-error-banner")
        let bannerRect = try #require(banner.model.layout.banner)
        #expect(image.minimumAlpha(in: bannerRect.insetBy(dx: 12, dy: 12)) >= 200)
    }

    @Test("Live: a red LIVE badge at the edge, grey behind it")
    func liveBadge() async throws {
        var harness = ControlsHarness(
            PlaybackSnapshot(phase: .playing, currentTime: 99.5, isLive: true, seekableRange: 40...100))
        let atEdge = renderer.render(harness.model)
        try await OverlayScreenshots.save(atEdge, as: "controls-live")
        let badge = harness.frame(of: .liveBadge)
        let red = atEdge.color(atX: badge.x + 3, y: badge.midY)
        #expect(red.red > 200 && red.green < 60 && red.alpha == 255)
        harness.report { $0.currentTime = 60 }
        let behind = renderer.render(harness.model).color(atX: badge.x + 3, y: badge.midY)
        #expect(behind.red == behind.green && behind.red < 150)
    }

    @Test("Hovering the timeline draws the time in a box above the pointer; leaving removes it")
    func hoverBox() {
        var harness = ControlsHarness()
        let timeline = harness.frame(of: .timeline)
        let above = OverlayRect(x: timeline.midX - 10, y: timeline.y - 30, width: 20, height: 16)
        #expect(renderer.render(harness.model).minimumAlpha(in: above) < 200)
        harness.send(.pointerMoved(to: OverlayPoint(x: timeline.midX, y: timeline.midY)))
        #expect(harness.model.hoverText == "5:00")
        #expect(renderer.render(harness.model).minimumAlpha(in: above) >= 200)
        harness.send(.pointerMoved(to: ControlsHarness.overVideo))
        #expect(renderer.render(harness.model).minimumAlpha(in: above) < 200)
    }

    @Test("An ad break: a yellow \"Ad\" label above the bar and a Skip button")
    func adBreak() async throws {
        let harness = ControlsHarness(ControlsInterstitialTests.adBreak)
        let image = renderer.render(harness.model)
        try await OverlayScreenshots.save(image, as: "controls-ad-break")
        let label = harness.frame(of: .interstitialLabel)
        let yellow = image.color(atX: label.x + 4, y: label.midY)
        #expect(yellow.red == 255 && yellow.green == 204 && yellow.blue == 0)
        #expect(image.minimumAlpha(in: harness.frame(of: .skipInterstitial).insetBy(dx: 8, dy: 8)) >= 180)
    }

    @Test("The A-B loop's points are cyan marks on the timeline, where their times are; none without them")
    func loopMarks() async throws {
        var playback = ControlsHarness.playing
        playback.markers = [TimelineMarker(time: 200, kind: .loopPoint), TimelineMarker(time: 400, kind: .loopPoint)]
        let harness = ControlsHarness(playback)
        let image = renderer.render(harness.model)
        try await OverlayScreenshots.save(image, as: "controls-ab-loop")
        let track = try #require(harness.model.layout.timelineTrack)
        for time in [200.0, 400] {
            let x = try #require(harness.model.x(atTime: time))
            #expect(image.color(atX: x, y: track.midY) == PlayerControlsRenderer.loopPointColor, "at \(time) s")
        }
        let plain = renderer.render(ControlsHarness().model)
        for time in [200.0, 400] {
            let x = try #require(harness.model.x(atTime: time))
            #expect(plain.color(atX: x, y: track.midY) != PlayerControlsRenderer.loopPointColor, "at \(time) s")
        }
    }

    @Test("Scaled to 1920x1080 the bar is still opaque and its proportions kept")
    func scaled() {
        let harness = ControlsHarness(size: OverlaySize(width: 1920, height: 1080))
        let image = renderer.render(harness.model)
        #expect((image.width, image.height) == (1920, 1080))
        #expect(image.minimumAlpha(in: harness.model.layout.bar) >= 180)
    }
}
