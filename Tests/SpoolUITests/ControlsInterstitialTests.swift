import SpoolUI
import Testing

@Suite("Controls during interstitials and linear playback")
struct ControlsInterstitialTests {
    /// A 15-s ad, 3.2 s in, whose break allows skipping and seeking (no X-RESTRICT).
    static let adBreak = PlaybackSnapshot(
        phase: .playing, currentTime: 3.2, duration: 15, volume: 0.8,
        interstitial: InterstitialBreak(remaining: 11.8, canSkip: true, allowsSeeking: true))

    @Test("A break shows \"Ad\" with its remaining time, and Skip first in the focus order")
    func adLabelAndSkip() {
        var harness = ControlsHarness(Self.adBreak)
        #expect(harness.model.interstitialText == "Ad · 0:12")
        #expect(harness.model.accessibilityElement(for: .interstitialLabel)?.description == "Ad 0:12 left")
        #expect(harness.model.accessibilityElement(for: .skipInterstitial)?.name == "Skip ad")
        #expect(harness.model.layout.focusOrder.first == .skipInterstitial)
        #expect(harness.click(.skipInterstitial) == [.skipInterstitial])
        harness.key(.tab)
        #expect(harness.key(.enter) == [.skipInterstitial])
        harness.report { $0.interstitial = nil }
        #expect(harness.model.layout.frame(of: .skipInterstitial) == nil)
        #expect(harness.model.interstitialText == nil)
    }

    @Test("A break that forbids skipping (X-RESTRICT=SKIP) locks the timeline and offers no Skip")
    func lockedBreak() {
        var playback = Self.adBreak
        playback.interstitial = InterstitialBreak(remaining: nil, canSkip: false, allowsSeeking: false)
        var harness = ControlsHarness(playback)
        #expect(harness.model.interstitialText == "Ad")
        #expect(harness.model.layout.frame(of: .skipInterstitial) == nil)
        assertNothingSeeks(&harness)
    }

    @Test("requiresLinearPlayback: the timeline shows progress but nothing in the overlay seeks")
    func linearPlayback() {
        var harness = ControlsHarness(
            configuration: PlayerControlsConfiguration(requiresLinearPlayback: true))
        #expect(harness.model.layout.frame(of: .timeline) != nil)
        #expect(harness.model.accessibilityElement(for: .timeline)?.value == "1:23 of 10:00, locked")
        assertNothingSeeks(&harness)
        #expect(harness.click(.previous) == [])
        #expect(harness.click(.playPause) == [.pause])
    }

    @Test("Breaks are marked on the primary's timeline")
    func markers() {
        var playback = ControlsHarness.playing
        playback.markers = [TimelineMarker(time: 300, kind: .interstitial)]
        let harness = ControlsHarness(playback)
        #expect(harness.model.x(atTime: 300) == harness.frame(of: .timeline).x + 540)
    }

    private func assertNothingSeeks(_ harness: inout ControlsHarness, sourceLocation: SourceLocation = #_sourceLocation)
    {
        #expect(harness.model.layout.frame(of: .skipBackward) == nil, sourceLocation: sourceLocation)
        #expect(harness.model.layout.frame(of: .skipForward) == nil, sourceLocation: sourceLocation)
        #expect(!harness.model.allowsSeeking, sourceLocation: sourceLocation)
        let timeline = harness.center(of: .timeline)
        #expect(harness.send(.pointerPressed(at: timeline, clickCount: 1)) == [], sourceLocation: sourceLocation)
        #expect(harness.model.drag == nil, sourceLocation: sourceLocation)
        #expect(harness.send(.pointerReleased(at: timeline)) == [], sourceLocation: sourceLocation)
        harness.send(.pointerMoved(to: timeline))
        #expect(harness.model.hoveredTime == nil, sourceLocation: sourceLocation)
        #expect(harness.send(.wheel(at: ControlsHarness.overVideo, steps: 1)) == [], sourceLocation: sourceLocation)
        for key in [PlayerControlsKey.left, .right, .up, .down] {
            #expect(harness.key(key) == [], sourceLocation: sourceLocation)
        }
    }
}
