import SpoolCore
import Testing

@testable import Spool
@testable import SpoolEngine

/// The reported playhead never goes back within a generation, and a new generation (a seek)
/// may go anywhere.
@Suite struct ReportedPlayheadTests {
    static func time(_ seconds: Double) -> MediaTime { MediaTime(seconds: seconds, preferredTimescale: 1_000_000) }
    static func stretch(_ generation: Int, started: Bool = true) -> ReportedPlayhead.Stretch {
        ReportedPlayhead.Stretch(generation: generation, started: started)
    }

    @Test("an anchor behind the last report holds the playhead until the clock passes it")
    func holdsWithinAGeneration() {
        var playhead = ReportedPlayhead()
        // The CI run's sequence: 0.0147 extrapolated, then the audio anchor at 0.0032.
        let reported = [0.0, 0.01474, 0.003181, 0.0105, 0.02].map {
            playhead.report(Self.time($0), in: Self.stretch(0))
        }
        #expect(reported.map(\.seconds) == [0.0, 0.01474, 0.01474, 0.01474, 0.02])
    }

    @Test("the start (no seek): the first frame's report does not reset the hold; a seek's does")
    func theStartIsOneStretch() {
        var playhead = ReportedPlayhead()
        func start(_ started: Bool) -> ReportedPlayhead.Stretch {
            .of(generation: 0, started: started, beganWithASeek: false)
        }
        // The IPC client's sequence: 0.0376 before the first frame, 0.0086 after it.
        let reported = [(0.0, false), (0.037591, false), (0.008557, true), (0.04, true)].map {
            playhead.report(Self.time($0.0), in: start($0.1))
        }
        #expect(reported.map(\.seconds) == [0.0, 0.037591, 0.037591, 0.04])
        #expect(
            ReportedPlayhead.Stretch.of(generation: 1, started: false, beganWithASeek: true)
                != .of(generation: 1, started: true, beganWithASeek: true))
    }

    @Test("a seek back starts a new generation: its earlier time is reported as it is")
    func aNewGenerationMayGoBack() {
        var playhead = ReportedPlayhead()
        _ = playhead.report(Self.time(30), in: Self.stretch(0))
        #expect(playhead.report(Self.time(5), in: Self.stretch(1)).seconds == 5)
        #expect(playhead.report(Self.time(4.99), in: Self.stretch(1)).seconds == 5)
    }

    @Test("a keyframe seek reports its target until it lands, then the keyframe before it")
    func aLandedSeekMayGoBehindItsTarget() {
        var playhead = ReportedPlayhead()
        // Seek to 1.3 s: the clock holds the target while the keyframe at 1.0 s is decoded.
        #expect(playhead.report(Self.time(1.3), in: Self.stretch(1, started: false)).seconds == 1.3)
        #expect(playhead.report(Self.time(1.0), in: Self.stretch(1)).seconds == 1.0)
        #expect(playhead.report(Self.time(0.99), in: Self.stretch(1)).seconds == 1.0)
    }
}
