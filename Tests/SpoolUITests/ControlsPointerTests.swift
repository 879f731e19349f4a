import SpoolUI
import Testing

@Suite("Controls with the pointer")
struct ControlsPointerTests {
    /// The point of the timeline at `fraction` of its width.
    func timelinePoint(_ harness: ControlsHarness, _ fraction: Double) -> OverlayPoint {
        let frame = harness.frame(of: .timeline)
        return OverlayPoint(x: frame.x + Int((Double(frame.width - 1) * fraction).rounded()), y: frame.midY)
    }

    @Test("Hovering the timeline tells the time under the pointer, with its chapter")
    func hoverTime() throws {
        var playback = ControlsHarness.playing
        playback.markers = [
            TimelineMarker(time: 0, kind: .chapter, title: "Opening"),
            TimelineMarker(time: 200, kind: .chapter, title: "The chase"),
        ]
        var harness = ControlsHarness(playback)
        harness.send(.pointerMoved(to: timelinePoint(harness, 0.5)))
        let time = try #require(harness.model.hoveredTime)
        #expect(abs(time - 300) < 0.6)
        #expect(harness.model.hoverText == "5:00 · The chase")
        harness.send(.pointerMoved(to: timelinePoint(harness, 0)))
        #expect(harness.model.hoveredTime == 0)
        harness.send(.pointerMoved(to: ControlsHarness.overVideo))
        #expect(harness.model.hoveredTime == nil)
    }

    @Test("A click on the timeline asks for one exact seek to the time under the pointer")
    func clickSeeksExactly() {
        var harness = ControlsHarness()
        let point = timelinePoint(harness, 1)
        #expect(harness.send(.pointerPressed(at: point, clickCount: 1)) == [])
        #expect(harness.send(.pointerReleased(at: point)) == [.seek(to: 600, exact: true)])
        #expect(harness.model.drag == nil)
        #expect(harness.model.elapsedText == "10:00")
    }

    @Test("Dragging asks for fast seeks while moving and an exact one on release; the label follows")
    func dragScrubs() {
        var harness = ControlsHarness()
        harness.send(.pointerPressed(at: timelinePoint(harness, 0), clickCount: 1))
        let moved = harness.send(.pointerMoved(to: timelinePoint(harness, 0.25)))
        #expect(moved.count == 1)
        guard case .seek(let first, exact: false) = moved.first else {
            Issue.record("expected a fast seek, got \(moved)")
            return
        }
        #expect(abs(first - 150) < 0.6)
        #expect(harness.model.drag == .timeline(time: first))
        // A report from the player mid-drag does not move the label away from the pointer.
        harness.report { $0.currentTime = 84 }
        #expect(harness.model.displayedTime == first)
        #expect(harness.model.elapsedText == TimeLabelFormatter.elapsed(first, duration: 600))
        // Off the bar vertically the drag goes on, by the pointer's column.
        let far = timelinePoint(harness, 0.5)
        let secondMove = harness.send(.pointerMoved(to: OverlayPoint(x: far.x, y: 100)))
        guard case .seek(_, exact: false) = secondMove.first else {
            Issue.record("expected a fast seek, got \(secondMove)")
            return
        }
        let released = harness.send(.pointerReleased(at: OverlayPoint(x: far.x, y: 100)))
        guard case .seek(let last, exact: true) = released.first, released.count == 1 else {
            Issue.record("expected one exact seek, got \(released)")
            return
        }
        #expect(abs(last - 300) < 0.6)
        #expect(harness.model.drag == nil)
    }

    @Test("The wheel over the volume changes it by 5 % a notch; elsewhere it seeks 5 s a notch, exactly")
    func wheel() {
        var harness = ControlsHarness()
        let volume = harness.center(of: .volume)
        #expect(harness.send(.wheel(at: volume, steps: 1)) == [.setVolume(0.85)])
        #expect(harness.send(.wheel(at: volume, steps: 1)) == [.setVolume(0.9)])
        #expect(harness.send(.wheel(at: volume, steps: -3)) == [.setVolume(0.75)])
        #expect(harness.send(.wheel(at: volume, steps: 10)) == [.setVolume(1)])
        #expect(harness.send(.wheel(at: ControlsHarness.overVideo, steps: 1)) == [.seek(to: 88, exact: true)])
        #expect(harness.send(.wheel(at: ControlsHarness.overVideo, steps: -2)) == [.seek(to: 78, exact: true)])
        // Three notches at once jump 15 s: past the limit, to a keyframe.
        #expect(harness.send(.wheel(at: ControlsHarness.overVideo, steps: 3)) == [.seek(to: 93, exact: false)])
    }

    @Test("Over hidden controls the wheel seeks (the volume slider is not there to see) and shows them")
    func wheelOverHiddenVolume() {
        var harness = ControlsHarness()
        let volume = harness.center(of: .volume)
        harness.wait(.seconds(3))
        #expect(harness.send(.wheel(at: volume, steps: 1)) == [.seek(to: 88, exact: true)])
        #expect(harness.model.areControlsVisible)
        #expect(harness.send(.wheel(at: volume, steps: 1)) == [.setVolume(0.85)])
    }

    @Test("Pressing the volume slider sets the volume under the pointer; dragging follows it")
    func volumeSlider() {
        var harness = ControlsHarness()
        let slider = harness.frame(of: .volume)
        #expect(
            harness.send(.pointerPressed(at: OverlayPoint(x: slider.x, y: slider.midY), clickCount: 1)) == [
                .setVolume(0)
            ])
        #expect(harness.send(.pointerMoved(to: OverlayPoint(x: slider.maxX + 50, y: 50))) == [.setVolume(1)])
        #expect(harness.send(.pointerReleased(at: OverlayPoint(x: slider.maxX + 50, y: 50))) == [.setVolume(1)])
        #expect(harness.model.accessibilityElement(for: .volume)?.value == "100 %")
    }

    @Test("Buttons: play/pause, skips, previous restarts after 3 s, mute, PiP, full screen")
    func buttons() {
        var playback = ControlsHarness.playing
        playback.isPictureInPicturePossible = true
        playback.hasNextItem = true
        playback.hasPreviousItem = true
        var harness = ControlsHarness(playback)
        #expect(harness.click(.playPause) == [.pause])
        harness.report { $0.phase = .paused }
        #expect(harness.click(.playPause) == [.play])
        #expect(harness.click(.skipForward) == [.seek(to: 93, exact: true)])
        #expect(harness.click(.skipBackward) == [.seek(to: 83, exact: true)])
        #expect(harness.click(.previous) == [.seek(to: 0, exact: true)])
        harness.report { $0.currentTime = 2.5 }
        #expect(harness.click(.previous) == [.previousItem])
        #expect(harness.click(.skipBackward) == [.seek(to: 0, exact: true)])
        #expect(harness.click(.next) == [.nextItem])
        #expect(harness.click(.mute) == [.setMuted(true)])
        #expect(harness.click(.mute) == [.setMuted(false)])
        #expect(harness.click(.pictureInPicture) == [.togglePictureInPicture])
        #expect(harness.click(.fullScreen) == [.toggleFullScreen])
    }

    @Test("Menus: a click opens, a row chooses and closes, a click outside only closes")
    func menus() {
        var playback = ControlsHarness.playing
        playback.subtitleOptions = ["English", "Français"]
        playback.audioOptions = ["English", "Deutsch"]
        playback.selectedAudioIndex = 0
        var harness = ControlsHarness(playback)

        harness.click(.speedMenu)
        #expect(harness.model.openMenu == PlayerControlsModel.OpenMenu(kind: .speed, highlightedIndex: 2))
        #expect(harness.model.menuItems.map(\.isSelected) == [false, false, true, false, false, false, false])
        let rows = harness.model.layout.menu?.items ?? []
        let row = OverlayPoint(x: rows[5].midX, y: rows[5].midY)
        harness.send(.pointerMoved(to: row))
        #expect(harness.model.openMenu?.highlightedIndex == 5)
        #expect(harness.send(.pointerPressed(at: row, clickCount: 1)) == [.setRate(1.75)])
        #expect(harness.model.openMenu == nil)
        #expect(harness.model.speedText == "1.75×")

        harness.click(.subtitlesMenu)
        #expect(harness.model.menuItems.map(\.title) == ["Off", "English", "Français"])
        let subtitleRows = harness.model.layout.menu?.items ?? []
        let french = OverlayPoint(x: subtitleRows[2].midX, y: subtitleRows[2].midY)
        #expect(harness.send(.pointerPressed(at: french, clickCount: 1)) == [.selectSubtitle(index: 1)])

        harness.click(.audioMenu)
        #expect(harness.send(.pointerPressed(at: ControlsHarness.overVideo, clickCount: 1)) == [])
        #expect(harness.model.openMenu == nil)
        #expect(harness.model.areControlsVisible)  // the click closed the menu, it did not hide
        harness.click(.audioMenu)
        harness.click(.audioMenu)
        #expect(harness.model.openMenu == nil)
    }

    @Test("A menu whose options go away closes")
    func menuCloses() {
        var playback = ControlsHarness.playing
        playback.subtitleOptions = ["English"]
        var harness = ControlsHarness(playback)
        harness.click(.subtitlesMenu)
        #expect(harness.model.openMenu?.kind == .subtitles)
        harness.report { $0.subtitleOptions = [] }
        #expect(harness.model.openMenu == nil)
        #expect(harness.model.layout.menu == nil)
    }

    @Test("The LIVE badge goes to the live edge")
    func liveBadge() {
        var harness = ControlsHarness(
            PlaybackSnapshot(phase: .playing, currentTime: 50, isLive: true, seekableRange: 40...100))
        #expect(harness.click(.liveBadge) == [.seekToLiveEdge])
        #expect(harness.click(.timeLabel) == [])
        #expect(!harness.model.showsRemainingTime)
    }
}

@Suite("Controls' audio output menu")
struct ControlsAudioOutputMenuTests {
    @Test("With two devices or more the route picker shows; a row asks for that device")
    func routePicker() {
        var playback = ControlsHarness.playing
        playback.audioOutputs = ["Speakers"]
        var harness = ControlsHarness(playback)
        #expect(harness.model.layout.frame(of: .audioOutputMenu) == nil)
        harness.report {
            $0.audioOutputs = ["Speakers", "USB Headset"]
            $0.selectedAudioOutputIndex = 0
        }
        #expect(harness.model.accessibilityElement(for: .audioOutputMenu)?.description == "Audio output Speakers")
        harness.click(.audioOutputMenu)
        #expect(harness.model.menuItems.map(\.title) == ["Speakers", "USB Headset"])
        #expect(harness.model.menuItems.map(\.isSelected) == [true, false])
        harness.key(.down)
        #expect(harness.key(.enter) == [.selectAudioOutput(index: 1)])
        #expect(harness.model.accessibilityElement(for: .audioOutputMenu)?.value == "USB Headset")
    }
}
