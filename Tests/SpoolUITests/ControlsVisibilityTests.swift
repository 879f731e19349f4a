import SpoolUI
import Testing

@Suite("Controls auto-hide")
struct ControlsVisibilityTests {
    @Test("While playing, the controls hide exactly 3 s after the last input, and the pointer with them")
    func hidesExactlyAtThreeSeconds() {
        var harness = ControlsHarness()
        harness.send(.pointerMoved(to: ControlsHarness.overVideo))
        #expect(harness.model.nextDeadline == .seconds(3))
        harness.wait(.milliseconds(2999))
        #expect(harness.model.areControlsVisible)
        #expect(harness.model.isPointerVisible)
        harness.wait(.milliseconds(1))
        #expect(!harness.model.areControlsVisible)
        #expect(!harness.model.isPointerVisible)
        #expect(harness.model.nextDeadline == nil)
    }

    @Test("Each input restarts the 3 s")
    func inputRestartsTheTimer() {
        var harness = ControlsHarness()
        harness.wait(.seconds(2))
        harness.send(.pointerMoved(to: ControlsHarness.overVideo))
        harness.wait(.milliseconds(2999))
        #expect(harness.model.areControlsVisible)
        harness.key(.character("x"))
        harness.wait(.milliseconds(2999))
        #expect(harness.model.areControlsVisible)
        harness.wait(.milliseconds(1))
        #expect(!harness.model.areControlsVisible)
    }

    @Test("Any pointer move or key shows hidden controls again")
    func inputShowsAgain() {
        var harness = ControlsHarness()
        harness.wait(.seconds(3))
        #expect(!harness.model.areControlsVisible)
        harness.send(.pointerMoved(to: ControlsHarness.overVideo))
        #expect(harness.model.areControlsVisible)
        harness.wait(.seconds(3))
        #expect(!harness.model.areControlsVisible)
        harness.key(.left)
        #expect(harness.model.areControlsVisible)
        #expect(harness.model.isPointerVisible)
    }

    @Test(
        "Never hides while paused, ended or failed",
        arguments: [
            PlaybackSnapshot.Phase.paused, .ended, .failed(message: "The file could not be found"), .empty,
        ])
    func neverHidesOutsidePlayback(phase: PlaybackSnapshot.Phase) {
        var playback = ControlsHarness.playing
        playback.phase = phase
        var harness = ControlsHarness(playback)
        #expect(harness.model.nextDeadline == nil)
        harness.wait(.seconds(60))
        #expect(harness.model.areControlsVisible)
    }

    @Test("Never hides while the pointer is over the controls; 3 s after it leaves them it does")
    func neverHidesWhileHovered() {
        var harness = ControlsHarness()
        harness.send(.pointerMoved(to: harness.center(of: .volume)))
        harness.wait(.seconds(60))
        #expect(harness.model.areControlsVisible)
        harness.send(.pointerMoved(to: OverlayPoint(x: 640, y: 610)))  // just above the bar
        harness.wait(.milliseconds(2999))
        #expect(harness.model.areControlsVisible)
        harness.wait(.milliseconds(1))
        #expect(!harness.model.areControlsVisible)
    }

    @Test("The bar's background between controls counts as hovering")
    func barBackgroundIsHover() {
        var harness = ControlsHarness()
        harness.send(.pointerMoved(to: OverlayPoint(x: 640, y: 690)))
        #expect(harness.model.hitTest(OverlayPoint(x: 640, y: 690)) == .background)
        harness.wait(.seconds(10))
        #expect(harness.model.areControlsVisible)
    }

    @Test("Never hides while dragging the timeline, even with the pointer off the bar")
    func neverHidesWhileDragging() {
        var harness = ControlsHarness()
        harness.send(.pointerPressed(at: harness.center(of: .timeline), clickCount: 1))
        harness.send(.pointerMoved(to: ControlsHarness.overVideo))
        harness.wait(.seconds(30))
        #expect(harness.model.areControlsVisible)
        harness.send(.pointerReleased(at: ControlsHarness.overVideo))
        harness.wait(.milliseconds(2999))
        #expect(harness.model.areControlsVisible)
        harness.wait(.milliseconds(1))
        #expect(!harness.model.areControlsVisible)
    }

    @Test("Never hides with a menu open")
    func neverHidesWithMenuOpen() {
        var harness = ControlsHarness()
        harness.click(.speedMenu)
        #expect(harness.model.openMenu?.kind == .speed)
        harness.send(.pointerLeft)
        harness.wait(.seconds(30))
        #expect(harness.model.areControlsVisible)
        harness.key(.escape)
        harness.wait(.seconds(3))
        #expect(!harness.model.areControlsVisible)
    }

    @Test("After a pause, the 3 s count from when playback resumed")
    func countsFromResume() {
        var harness = ControlsHarness()
        harness.report { $0.phase = .paused }
        harness.wait(.seconds(10))
        harness.report { $0.phase = .playing }
        harness.wait(.milliseconds(2999))
        #expect(harness.model.areControlsVisible)
        harness.wait(.milliseconds(1))
        #expect(!harness.model.areControlsVisible)
    }

    @Test("Entering paused, ended or failed shows hidden controls")
    func stateChangesShow() {
        var harness = ControlsHarness()
        harness.wait(.seconds(3))
        #expect(!harness.model.areControlsVisible)
        harness.report { $0.phase = .paused }
        #expect(harness.model.areControlsVisible)
        harness.report { $0.phase = .playing }
        harness.wait(.seconds(3))
        harness.report { $0.phase = .ended }
        #expect(harness.model.areControlsVisible)
        #expect(harness.model.layout.frame(of: .replay) != nil)
    }

    @Test("A click on the video toggles the controls; a double click toggles full screen and keeps them")
    func clickOnVideoToggles() {
        var harness = ControlsHarness()
        let point = ControlsHarness.overVideo
        #expect(harness.send(.pointerPressed(at: point, clickCount: 1)) == [])
        #expect(!harness.model.areControlsVisible)
        #expect(harness.send(.pointerPressed(at: point, clickCount: 2)) == [.toggleFullScreen])
        #expect(harness.model.areControlsVisible)
        harness.send(.pointerPressed(at: point, clickCount: 1))
        #expect(!harness.model.areControlsVisible)
        harness.send(.pointerPressed(at: point, clickCount: 1))
        #expect(harness.model.areControlsVisible)
    }

    @Test("A click on the video does not hide the error banner")
    func clickKeepsErrorBanner() {
        var playback = ControlsHarness.playing
        playback.phase = .failed(message: "Network unreachable")
        var harness = ControlsHarness(playback)
        harness.send(.pointerPressed(at: OverlayPoint(x: 100, y: 100), clickCount: 1))
        #expect(harness.model.areControlsVisible)
    }
}

@Suite("Buffering spinner")
struct BufferingIndicatorTests {
    @Test("Shows only after 0.5 s of waiting, and goes when playback resumes")
    func showsAfterHalfASecond() {
        var harness = ControlsHarness()
        harness.report { $0.phase = .waiting }
        #expect(!harness.model.isBufferingIndicatorVisible)
        #expect(harness.model.nextDeadline == .milliseconds(500))
        harness.wait(.milliseconds(499))
        #expect(!harness.model.isBufferingIndicatorVisible)
        harness.wait(.milliseconds(1))
        #expect(harness.model.isBufferingIndicatorVisible)
        harness.report { $0.phase = .playing }
        #expect(!harness.model.isBufferingIndicatorVisible)
    }

    @Test("A fast seek's short wait never flashes it, and the next wait starts its own 0.5 s")
    func fastSeekNeverFlashes() {
        var harness = ControlsHarness()
        harness.report { $0.phase = .waiting }
        harness.wait(.milliseconds(300))
        harness.report { $0.phase = .playing }
        harness.wait(.milliseconds(300))
        #expect(!harness.model.isBufferingIndicatorVisible)
        harness.report { $0.phase = .waiting }
        harness.wait(.milliseconds(499))
        #expect(!harness.model.isBufferingIndicatorVisible)
        harness.wait(.milliseconds(1))
        #expect(harness.model.isBufferingIndicatorVisible)
    }

    @Test("The spinner turns one step every 125 ms while shown, and stops asking for time when gone")
    func spinnerTurns() {
        var harness = ControlsHarness()
        harness.send(.pointerMoved(to: harness.center(of: .volume)))  // hovering: no hide deadline
        harness.report { $0.phase = .waiting }
        harness.wait(.milliseconds(500))
        #expect(harness.model.bufferingIndicatorStep == 0)
        #expect(harness.model.nextDeadline == .milliseconds(625))
        harness.wait(.milliseconds(124))
        #expect(harness.model.bufferingIndicatorStep == 0)
        harness.wait(.milliseconds(1))
        #expect(harness.model.bufferingIndicatorStep == 1)
        harness.wait(.seconds(1))
        #expect(harness.model.bufferingIndicatorStep == 1)  // nine steps: a full turn and one
        #expect(harness.model.nextDeadline == .milliseconds(1750))
        harness.report { $0.phase = .playing }
        #expect(harness.model.bufferingIndicatorStep == 0)
        #expect(harness.model.nextDeadline == nil)
    }

    @Test("A failure ends the spinner: it never stays forever")
    func failureEndsSpinner() {
        var harness = ControlsHarness()
        harness.report { $0.phase = .waiting }
        harness.wait(.seconds(1))
        #expect(harness.model.isBufferingIndicatorVisible)
        harness.report { $0.phase = .failed(message: "Connection reset") }
        #expect(!harness.model.isBufferingIndicatorVisible)
        #expect(harness.model.layout.banner != nil)
    }

    @Test("Waiting auto-hides the controls like playing does (the spinner stays)")
    func waitingHides() {
        var harness = ControlsHarness()
        harness.report { $0.phase = .waiting }
        harness.wait(.seconds(3))
        #expect(!harness.model.areControlsVisible)
        #expect(harness.model.isBufferingIndicatorVisible)
    }
}
