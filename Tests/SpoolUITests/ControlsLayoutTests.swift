import SpoolUI
import Testing

@Suite("Controls layout and hit testing")
struct ControlsLayoutTests {
    @Test("At 1280x720 the bar fills the bottom 96 pixels and the controls sit in it, apart")
    func barAt720() {
        let harness = ControlsHarness()
        let layout = harness.model.layout
        #expect(layout.bar == OverlayRect(x: 0, y: 624, width: 1280, height: 96))
        #expect(layout.frame(of: .timeline) == OverlayRect(x: 96, y: 632, width: 1080, height: 24))
        #expect(layout.frame(of: .playPause) == OverlayRect(x: 112, y: 668, width: 40, height: 40))
        #expect(layout.frame(of: .fullScreen) == OverlayRect(x: 1224, y: 668, width: 40, height: 40))
        let frames = layout.visibleControls.compactMap { layout.frame(of: $0) }
        for (index, frame) in frames.enumerated() {
            for other in frames[(index + 1)...] { #expect(!frame.intersects(other), "\(frame) overlaps \(other)") }
        }
        for control in layout.visibleControls where control != .title {
            let frame = harness.frame(of: control)
            #expect(frame.y >= layout.bar.y && frame.maxY <= layout.bar.maxY, "\(control) outside the bar")
        }
    }

    @Test("The layout scales with the window's height")
    func scales() {
        let harness = ControlsHarness(size: OverlaySize(width: 1920, height: 1080))
        #expect(harness.model.layout.bar == OverlayRect(x: 0, y: 936, width: 1920, height: 144))
        #expect(harness.model.layout.frame(of: .playPause)?.width == 60)
    }

    @Test("Resizing lays out again: too narrow a window drops the right-hand buttons and the focus on them")
    func resize() {
        var harness = ControlsHarness()
        while harness.model.focusedControl != .speedMenu { harness.key(.tab) }
        harness.model.resize(to: OverlaySize(width: 400, height: 720), at: harness.now)
        #expect(harness.model.layout.size == OverlaySize(width: 400, height: 720))
        #expect(harness.model.layout.frame(of: .speedMenu) == nil)
        #expect(harness.model.layout.frame(of: .fullScreen) == nil)
        #expect(harness.model.layout.frame(of: .volume) != nil)
        #expect(harness.model.focusedControl == nil)
        harness.model.resize(to: ControlsHarness.size, at: harness.now)
        #expect(harness.model.layout == ControlsHarness().model.layout)
    }

    @Test("The middle of every visible control hits that control")
    func everyControlHitsItself() {
        var playback = ControlsHarness.playing
        playback.hasNextItem = true
        playback.subtitleOptions = ["English", "Français"]
        playback.audioOptions = ["English", "Deutsch"]
        playback.isPictureInPicturePossible = true
        let harness = ControlsHarness(playback)
        let expected: Set<PlayerControl> = [
            .title, .elapsedTime, .timeline, .timeLabel, .previous, .skipBackward, .playPause, .skipForward, .next,
            .mute, .volume, .speedMenu, .subtitlesMenu, .audioMenu, .pictureInPicture, .fullScreen,
        ]
        #expect(Set(harness.model.layout.visibleControls) == expected)
        for control in expected {
            #expect(harness.model.hitTest(harness.center(of: control)) == .control(control), "\(control)")
        }
        #expect(harness.model.hitTest(ControlsHarness.overVideo) == .video)
    }

    @Test("Hidden controls hit nothing but the video")
    func hiddenHitsVideo() {
        var harness = ControlsHarness()
        let play = harness.center(of: .playPause)
        harness.wait(.seconds(3))
        #expect(harness.model.hitTest(play) == .video)
        // The first click on hidden controls only shows them.
        #expect(harness.send(.pointerPressed(at: play, clickCount: 1)) == [])
        #expect(harness.model.areControlsVisible)
    }

    @Test("An empty speed list hides the speed menu; one audio option hides the audio menu")
    func optionalMenus() {
        var playback = ControlsHarness.playing
        playback.audioOptions = ["English"]
        let harness = ControlsHarness(playback, configuration: PlayerControlsConfiguration(speeds: []))
        #expect(harness.model.layout.frame(of: .speedMenu) == nil)
        #expect(harness.model.layout.frame(of: .audioMenu) == nil)
        #expect(harness.model.layout.frame(of: .subtitlesMenu) == nil)
        #expect(harness.model.layout.frame(of: .pictureInPicture) == nil)
        #expect(ControlsHarness().model.layout.frame(of: .speedMenu) != nil)
    }

    @Test("Without a known duration there is nothing to skip through")
    func noSkipWithoutDuration() {
        let harness = ControlsHarness(PlaybackSnapshot(phase: .waiting))
        #expect(harness.model.layout.frame(of: .skipBackward) == nil)
        #expect(harness.model.layout.frame(of: .skipForward) == nil)
        #expect(harness.model.layout.frame(of: .timeline) != nil)
    }

    @Test("Failed: the banner with Retry and Next in the middle; ended: Replay")
    func banners() {
        var playback = ControlsHarness.playing
        playback.phase = .failed(message: "HTTP 404")
        playback.hasNextItem = true
        var harness = ControlsHarness(playback)
        let banner = harness.model.layout.banner
        #expect(banner != nil)
        #expect(harness.model.hitTest(harness.center(of: .retry)) == .control(.retry))
        #expect(harness.model.hitTest(harness.center(of: .skipFailedItem)) == .control(.skipFailedItem))
        #expect(harness.click(.retry) == [.retry])
        #expect(harness.click(.skipFailedItem) == [.nextItem])
        harness.report { $0.phase = .ended }
        #expect(harness.model.layout.banner == nil)
        #expect(harness.click(.replay) == [.replay])
        #expect(harness.click(.playPause) == [.replay])
    }

    @Test("An open menu is a panel above its button whose rows hit by index")
    func menuRows() throws {
        var harness = ControlsHarness()
        harness.click(.speedMenu)
        let menu = try #require(harness.model.layout.menu)
        #expect(menu.items.count == 7)
        #expect(menu.panel.maxY <= harness.model.layout.bar.y)
        #expect(menu.panel.maxX <= 1280)
        let row = menu.items[4]
        #expect(harness.model.hitTest(OverlayPoint(x: row.midX, y: row.midY)) == .menuItem(4))
    }
}
