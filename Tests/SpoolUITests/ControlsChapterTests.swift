import SpoolUI
import Testing

/// Chapters on the controls: PgUp/PgDn over the timeline's chapter marks, mpv's way.
@Suite("Controls chapters")
struct ControlsChapterTests {
    /// Ten minutes at 1:23 with chapters at 0, 1:20 (Intro ends) and 5:00.
    static var chaptered: PlaybackSnapshot {
        var playback = ControlsHarness.playing
        playback.markers = [
            TimelineMarker(time: 300, kind: .chapter, title: "The chase"),
            TimelineMarker(time: 0, kind: .chapter, title: "Opening"),
            TimelineMarker(time: 80, kind: .chapter, title: "Meeting"),
            TimelineMarker(time: 120, kind: .interstitial),
        ]
        return playback
    }

    @Test("PgUp seeks exactly to the next chapter's start; past the last, the next item when there is one")
    func next() {
        var harness = ControlsHarness(Self.chaptered)
        #expect(harness.key(.pageUp) == [.seek(to: 300, exact: true)])
        harness.report { $0.currentTime = 310 }
        #expect(harness.key(.pageUp) == [])
        harness.report { $0.hasNextItem = true }
        #expect(harness.key(.pageUp) == [.nextItem])
    }

    @Test(
        "PgDn: the chapter before when under 5 s in, this chapter's start when further, the item's start from the first"
    )
    func previous() {
        var harness = ControlsHarness(Self.chaptered)
        // 1:23 is 3 s into "Meeting" (1:20): the chapter before.
        #expect(harness.key(.pageDown) == [.seek(to: 0, exact: true)])
        harness.report { $0.currentTime = 86 }  // 6 s in: back to its own start
        #expect(harness.key(.pageDown) == [.seek(to: 80, exact: true)])
        harness.report { $0.currentTime = 2 }
        #expect(harness.key(.pageDown) == [.seek(to: 0, exact: true)])
    }

    @Test("Without two chapters, or when seeking is locked, PgUp and PgDn do nothing")
    func nothingToStepTo() {
        var one = ControlsHarness.playing
        one.markers = [TimelineMarker(time: 0, kind: .chapter, title: "Only")]
        var harness = ControlsHarness(one)
        #expect(harness.key(.pageUp) == [])
        #expect(harness.key(.pageDown) == [])
        var locked = ControlsHarness(
            Self.chaptered, configuration: PlayerControlsConfiguration(requiresLinearPlayback: true))
        #expect(locked.key(.pageUp) == [])
    }

    @Test("The hover text names the chapter under the pointer, not the one playing")
    func hoverNamesChapter() throws {
        var harness = ControlsHarness(Self.chaptered)
        let timeline = harness.frame(of: .timeline)
        harness.send(.pointerMoved(to: OverlayPoint(x: timeline.x + timeline.width * 3 / 4, y: timeline.midY)))
        let time = try #require(harness.model.hoveredTime)
        #expect(time > 300)
        #expect(harness.model.hoverText?.hasSuffix(" · The chase") == true)
        harness.send(.pointerMoved(to: OverlayPoint(x: timeline.x + timeline.width / 6, y: timeline.midY)))
        #expect(harness.model.hoverText?.hasSuffix(" · Meeting") == true)
    }
}
