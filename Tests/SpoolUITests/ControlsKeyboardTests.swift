import SpoolUI
import Testing

@Suite("Controls with the keyboard")
struct ControlsKeyboardTests {
    @Test("Tab moves through the visible controls in reading order and wraps; Shift+Tab goes back")
    func focusOrder() {
        var playback = ControlsHarness.playing
        playback.hasNextItem = true
        var harness = ControlsHarness(playback)
        let expected: [PlayerControl] = [
            .timeline, .timeLabel, .previous, .skipBackward, .playPause, .skipForward, .next, .mute, .volume,
            .speedMenu, .fullScreen,
        ]
        #expect(harness.model.layout.focusOrder == expected)
        var visited: [PlayerControl] = []
        for _ in expected {
            harness.key(.tab)
            visited.append(harness.model.focusedControl!)
        }
        #expect(visited == expected)
        harness.key(.tab)
        #expect(harness.model.focusedControl == .timeline)
        harness.key(.tab, .shift)
        #expect(harness.model.focusedControl == .fullScreen)
    }

    @Test("The banner's buttons come first in the focus order")
    func bannerFirst() {
        var playback = ControlsHarness.playing
        playback.phase = .failed(message: "Decoder failed")
        playback.hasNextItem = true
        var harness = ControlsHarness(playback)
        #expect(Array(harness.model.layout.focusOrder.prefix(2)) == [.retry, .skipFailedItem])
        harness.key(.tab)
        #expect(harness.key(.enter) == [.retry])
    }

    @Test("Enter and Space activate the focused control; Space alone plays and pauses")
    func activation() {
        var harness = ControlsHarness()
        #expect(harness.key(.space) == [.pause])
        harness.report { $0.phase = .paused }
        #expect(harness.key(.space) == [.play])
        #expect(harness.key(.enter) == [])
        harness.key(.tab, .shift)  // full screen
        #expect(harness.key(.enter) == [.toggleFullScreen])
        #expect(harness.key(.space) == [.toggleFullScreen])
    }

    @Test("Arrows move a focused slider; otherwise they seek ±5 s exactly and ±60 s to a keyframe")
    func arrows() {
        var harness = ControlsHarness()
        #expect(harness.key(.right) == [.seek(to: 88, exact: true)])
        #expect(harness.key(.left) == [.seek(to: 83, exact: true)])
        #expect(harness.key(.up) == [.seek(to: 143, exact: false)])
        #expect(harness.key(.down) == [.seek(to: 83, exact: false)])
        while harness.model.focusedControl != .volume { harness.key(.tab) }
        #expect(harness.key(.right) == [.setVolume(0.85)])
        #expect(harness.key(.down) == [.setVolume(0.8)])
        while harness.model.focusedControl != .timeline { harness.key(.tab) }
        #expect(harness.key(.left) == [.seek(to: 78, exact: true)])
    }

    @Test("exactSeekLimit: 0 makes every arrow seek a keyframe seek, .infinity every one exact")
    func exactSeekLimit() {
        var never = ControlsHarness(configuration: PlayerControlsConfiguration(exactSeekLimit: 0))
        #expect(never.key(.right) == [.seek(to: 88, exact: false)])
        #expect(never.key(.up) == [.seek(to: 148, exact: false)])
        var always = ControlsHarness(configuration: PlayerControlsConfiguration(exactSeekLimit: .infinity))
        #expect(always.key(.left) == [.seek(to: 78, exact: true)])
        #expect(always.key(.down) == [.seek(to: 18, exact: true)])
    }

    @Test("A menu: Enter opens it on the current choice, arrows move, Enter chooses, Esc closes")
    func menuKeys() {
        var harness = ControlsHarness()
        while harness.model.focusedControl != .speedMenu { harness.key(.tab) }
        harness.key(.enter)
        #expect(harness.model.openMenu == PlayerControlsModel.OpenMenu(kind: .speed, highlightedIndex: 2))
        harness.key(.down)
        harness.key(.down)
        #expect(harness.model.openMenu?.highlightedIndex == 4)
        for _ in 0..<10 { harness.key(.down) }
        #expect(harness.model.openMenu?.highlightedIndex == 6)
        harness.key(.up)
        #expect(harness.key(.enter) == [.setRate(1.75)])
        #expect(harness.model.openMenu == nil)
        harness.key(.space)
        #expect(harness.model.openMenu != nil)
        #expect(harness.key(.escape) == [])
        #expect(harness.model.openMenu == nil)
        #expect(harness.model.focusedControl == .speedMenu)
    }

    @Test("Esc closes a menu, then clears the focus, then leaves full screen")
    func escape() {
        var playback = ControlsHarness.playing
        playback.isFullScreen = true
        var harness = ControlsHarness(playback)
        harness.key(.tab)
        #expect(harness.key(.escape) == [])
        #expect(harness.model.focusedControl == nil)
        #expect(harness.key(.escape) == [.exitFullScreen])
        harness.report { $0.isFullScreen = false }
        #expect(harness.key(.escape) == [])
    }

    @Test("Today's window keys keep working")
    func windowKeys() {
        var playback = ControlsHarness.playing
        playback.hasNextItem = true
        var harness = ControlsHarness(playback)
        #expect(harness.key(.character("]")) == [.setRate(1.25)])
        #expect(harness.key(.character("[")) == [.setRate(1)])
        #expect(harness.key(.character("0")) == [.setVolume(0.85)])
        #expect(harness.key(.character("9")) == [.setVolume(0.8)])
        #expect(harness.key(.character("m")) == [.setMuted(true)])
        #expect(harness.key(.character("n")) == [.nextItem])
        #expect(harness.key(.character("f")) == [.toggleFullScreen])
        #expect(harness.key(.character("p")) == [.togglePictureInPicture])
        #expect(harness.key(.character("q")) == [.quit])
    }

    @Test("Tab on hidden controls shows them with the focus on the first control")
    func tabFromHidden() {
        var harness = ControlsHarness()
        harness.key(.tab)
        harness.key(.tab)
        harness.wait(.seconds(3))
        #expect(!harness.model.areControlsVisible)
        #expect(harness.model.focusedControl == nil)
        harness.key(.tab)
        #expect(harness.model.areControlsVisible)
        #expect(harness.model.focusedControl == .timeline)
    }
}

@Suite("Controls accessibility")
struct ControlsAccessibilityTests {
    @Test("Every visible control has a role, a name and, where it has one, a value")
    func tree() {
        var playback = ControlsHarness.playing
        playback.subtitleOptions = ["English"]
        var harness = ControlsHarness(playback)
        let elements = harness.model.accessibilityElements
        #expect(elements.count == harness.model.layout.visibleControls.count)
        for element in elements { #expect(!element.name.isEmpty, "\(String(describing: element.control))") }
        #expect(harness.model.accessibilityElement(for: .playPause)?.description == "Pause")
        #expect(harness.model.accessibilityElement(for: .timeline)?.description == "Position 1:23 of 10:00")
        #expect(harness.model.accessibilityElement(for: .timeline)?.role == .slider)
        #expect(harness.model.accessibilityElement(for: .volume)?.description == "Volume 80 %")
        #expect(harness.model.accessibilityElement(for: .subtitlesMenu)?.description == "Subtitles Off")
        #expect(harness.model.accessibilityElement(for: .title)?.name == "Big Buck Bunny")
        harness.report { $0.phase = .paused }
        #expect(harness.model.accessibilityElement(for: .playPause)?.description == "Play")
        #expect(harness.model.accessibilityElement(for: .playPause)?.role == .button)
    }

    @Test("The focused control and an open menu's rows are in the tree")
    func focusAndMenu() {
        var harness = ControlsHarness()
        while harness.model.focusedControl != .speedMenu { harness.key(.tab) }
        #expect(harness.model.accessibilityElement(for: .speedMenu)?.isFocused == true)
        harness.key(.enter)
        let rows = harness.model.accessibilityElements.filter { $0.role == .menuItem }
        #expect(rows.map(\.name) == PlaybackSpeed.systemDefaultSpeeds.map(\.localizedName))
        #expect(rows.filter(\.isChecked).map(\.name) == ["1×"])
        #expect(rows.filter(\.isFocused).map(\.name) == ["1×"])
    }

    @Test("The error banner is an alert with the player's message; hidden controls have no tree")
    func alertAndHidden() {
        var playback = ControlsHarness.playing
        playback.phase = .failed(message: "The server answered 404")
        let failed = ControlsHarness(playback)
        #expect(failed.model.accessibilityElements.first?.role == .alert)
        #expect(failed.model.accessibilityElements.first?.value == "The server answered 404")
        var harness = ControlsHarness()
        harness.wait(.seconds(3))
        #expect(harness.model.accessibilityElements.isEmpty)
    }
}
