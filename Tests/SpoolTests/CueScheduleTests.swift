import SpoolCore
import Testing

@testable import Spool
@testable import SpoolEngine

/// The subtitle thread's decisions: each cue once, in start order, when the playhead reaches it.
@Suite struct CueScheduleTests {
    private func time(_ ms: Int64) -> MediaTime { MediaTime(value: ms, timescale: 1000) }
    private func cue(_ start: Int64, _ end: Int64, _ text: String) -> LegibleCue {
        LegibleCue(start: time(start), end: time(end), text: text)
    }

    @Test func cuesAreDueInStartOrderWhenThePlayheadReachesThem() {
        var schedule = CueSchedule(at: .zero)
        schedule.add([cue(3000, 4000, "c"), cue(1000, 2000, "a"), cue(2000, 2500, "b")], coveredUntil: time(6000))
        #expect(schedule.due(at: time(999)).isEmpty)
        #expect(schedule.due(at: time(2000)).map(\.text) == ["a", "b"])
        #expect(schedule.nextStart == time(3000))
        #expect(schedule.due(at: time(10_000)).map(\.text) == ["c"])
        #expect(schedule.due(at: time(10_000)).isEmpty)
        #expect(schedule.coveredUntil == time(6000))
    }

    @Test func aCueRepeatedInTheNextSegmentIsDeliveredOnce() {
        var schedule = CueSchedule(at: .zero)
        schedule.add([cue(1500, 2500, "spans")], coveredUntil: time(2000))
        #expect(schedule.due(at: time(1600)).map(\.text) == ["spans"])
        schedule.add([cue(1500, 2500, "spans"), cue(3000, 3500, "next")], coveredUntil: time(4000))
        #expect(schedule.due(at: time(4000)).map(\.text) == ["next"])
    }

    @Test func afterRepositioningOnlyCuesStillShowingOrLaterAreDue() {
        var schedule = CueSchedule(at: .zero)
        schedule.add([cue(1000, 2000, "a")], coveredUntil: time(2000))
        _ = schedule.due(at: time(1500))
        schedule.reposition(at: time(5000))
        #expect(schedule.coveredUntil == time(5000))
        schedule.add(
            [cue(1000, 2000, "a"), cue(4000, 6000, "showing"), cue(4000, 5000, "ended"), cue(7000, 8000, "later")],
            coveredUntil: time(8000))
        // "a" again (a seek back would deliver it again; here it ended before the new position).
        #expect(schedule.due(at: time(5000)).map(\.text) == ["showing"])
        #expect(schedule.due(at: time(7000)).map(\.text) == ["later"])
    }

    @Test func nothingIsDueAtAnUnknownPlayheadEverythingAtInfinity() {
        var schedule = CueSchedule(at: .zero)
        schedule.add([cue(0, 1000, "a")], coveredUntil: time(1000))
        #expect(schedule.due(at: .invalid).isEmpty)
        #expect(schedule.due(at: .zero).map(\.text) == ["a"])
        schedule.add([cue(9000, 9500, "b"), cue(5000, 6000, "c")], coveredUntil: time(10_000))
        #expect(schedule.due(at: .positiveInfinity).map(\.text) == ["c", "b"])
    }
}
