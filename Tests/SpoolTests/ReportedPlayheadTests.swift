import SpoolCore
import Testing

@testable import Spool
@testable import SpoolEngine

/// The reported playhead never goes back within a generation, and a new generation (a seek)
/// may go anywhere.
@Suite struct ReportedPlayheadTests {
    static func time(_ seconds: Double) -> MediaTime { MediaTime(seconds: seconds, preferredTimescale: 1_000_000) }

    @Test("an anchor behind the last report holds the playhead until the clock passes it")
    func holdsWithinAGeneration() {
        var playhead = ReportedPlayhead()
        // The CI run's sequence: 0.0147 extrapolated, then the audio anchor at 0.0032.
        let reported = [0.0, 0.01474, 0.003181, 0.0105, 0.02].map { playhead.report(Self.time($0), generation: 0) }
        #expect(reported.map(\.seconds) == [0.0, 0.01474, 0.01474, 0.01474, 0.02])
    }

    @Test("a seek back starts a new generation: its earlier time is reported as it is")
    func aNewGenerationMayGoBack() {
        var playhead = ReportedPlayhead()
        _ = playhead.report(Self.time(30), generation: 0)
        #expect(playhead.report(Self.time(5), generation: 1).seconds == 5)
        #expect(playhead.report(Self.time(4.99), generation: 1).seconds == 5)
    }
}
