import SpoolUI
import Testing

@Suite("Time labels")
struct TimeLabelFormatterTests {
    @Test("Elapsed and total: minutes and seconds, elapsed rounded down")
    func minutesAndSeconds() {
        #expect(TimeLabelFormatter.elapsed(0, duration: 600) == "0:00")
        #expect(TimeLabelFormatter.elapsed(83.9, duration: 600) == "1:23")
        #expect(TimeLabelFormatter.elapsed(599.99, duration: 600) == "9:59")
        #expect(TimeLabelFormatter.total(duration: 600) == "10:00")
        #expect(TimeLabelFormatter.total(duration: 2.04) == "0:02")
        #expect(TimeLabelFormatter.elapsed(0.1 * 30, duration: 600) == "0:03")  // 3.0000000000000004
    }

    @Test("Hours in every label once the media is an hour or longer")
    func hours() {
        #expect(TimeLabelFormatter.total(duration: 3599) == "59:59")
        #expect(TimeLabelFormatter.total(duration: 3600) == "1:00:00")
        #expect(TimeLabelFormatter.elapsed(83, duration: 3600) == "0:01:23")
        #expect(TimeLabelFormatter.elapsed(83, duration: 3599) == "1:23")
        #expect(TimeLabelFormatter.remaining(83, duration: 7200, rate: 1) == "-1:58:37")
        #expect(TimeLabelFormatter.elapsed(3700, duration: nil) == "1:01:40")
    }

    @Test("Remaining time is the media left divided by the rate, rounded up")
    func remaining() {
        #expect(TimeLabelFormatter.remaining(83, duration: 600, rate: 1) == "-8:37")
        #expect(TimeLabelFormatter.remaining(83.5, duration: 600, rate: 1) == "-8:37")
        #expect(TimeLabelFormatter.remaining(0, duration: 600, rate: 2) == "-5:00")
        #expect(TimeLabelFormatter.remaining(0, duration: 600, rate: 1.5) == "-6:40")
        #expect(TimeLabelFormatter.remaining(0, duration: 600, rate: 0.5) == "-20:00")
        #expect(TimeLabelFormatter.remaining(600, duration: 600, rate: 1) == "-0:00")
        #expect(TimeLabelFormatter.remaining(0, duration: 600, rate: 0) == "-10:00")  // paused: speed 1
    }

    @Test("-:-- only while the duration is unknown, never for a known one")
    func unknownOnlyWhenUnknown() {
        #expect(TimeLabelFormatter.total(duration: nil) == "-:--")
        #expect(TimeLabelFormatter.remaining(3, duration: nil, rate: 1) == "-:--")
        for duration in [0, 0.04, 1, 59.5, 60, 3599.9, 3600, 86_400.0] {
            #expect(TimeLabelFormatter.total(duration: duration) != "-:--")
            #expect(TimeLabelFormatter.remaining(0, duration: duration, rate: 1) != "-:--")
        }
    }

    @Test("Negative and non-finite times read as zero")
    func clamps() {
        #expect(TimeLabelFormatter.elapsed(-4, duration: 600) == "0:00")
        #expect(TimeLabelFormatter.elapsed(.nan, duration: 600) == "0:00")
        #expect(TimeLabelFormatter.remaining(700, duration: 600, rate: 1) == "-0:00")
    }

    @Test("The model's label: a click on it toggles remaining time at the playing speed and back")
    func clickTogglesRemaining() {
        var playback = ControlsHarness.playing
        playback.rate = 2
        var harness = ControlsHarness(playback)
        #expect(harness.model.elapsedText == "1:23")
        #expect(harness.model.timeLabelText == "10:00")
        #expect(harness.click(.timeLabel) == [])
        #expect(harness.model.timeLabelText == "-4:19")  // 517 s left at 2×: 258.5 s, rounded up
        harness.click(.timeLabel)
        #expect(harness.model.timeLabelText == "10:00")
    }

    @Test("Before the duration is known the model shows -:--; once known, the duration")
    func modelUnknownThenKnown() {
        var harness = ControlsHarness(PlaybackSnapshot(phase: .waiting))
        #expect(harness.model.timeLabelText == "-:--")
        harness.report { $0.duration = 754.2 }
        #expect(harness.model.timeLabelText == "12:34")
    }

    @Test("Live: how far behind the edge, nothing at the edge")
    func live() {
        let playback = PlaybackSnapshot(phase: .playing, currentTime: 88, isLive: true, seekableRange: 40...100)
        var harness = ControlsHarness(playback)
        #expect(harness.model.timeLabelText == "-0:12")
        harness.report { $0.currentTime = 99.5 }
        #expect(harness.model.timeLabelText == "")
        #expect(harness.model.layout.frame(of: .liveBadge) != nil)
        #expect(harness.model.layout.frame(of: .elapsedTime) == nil)
    }

    @Test("Speed labels")
    func speedLabels() {
        #expect(
            PlaybackSpeed.systemDefaultSpeeds.map(\.localizedName) == [
                "0.5×", "0.75×", "1×", "1.25×", "1.5×", "1.75×", "2×",
            ])
        #expect(PlaybackSpeed.label(for: 1.05) == "1.05×")
    }
}
