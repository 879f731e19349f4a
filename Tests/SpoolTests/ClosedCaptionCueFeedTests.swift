import Foundation
import SpoolCore
import SpoolTestSupport
import Testing

@testable import SpoolEngine

/// The caption feed on its own: what the subtitle thread gets from it at a position and after
/// a seek (stream timeline; the captioned MP4 starts at 0).
@Suite("the closed-caption cue feed: positions and seeks (integration)", .serialized)
struct ClosedCaptionCueFeedTests {
    /// Every cue the feed gives from where it is to the end, through a schedule at `time`
    /// (as the subtitle thread keeps cues that still show there).
    func cues(of feed: ClosedCaptionCueFeed, from time: MediaTime) -> [LegibleCue] {
        var schedule = CueSchedule(at: time)
        var reads = 0
        while reads < 1000, let event = feed.next(timeout: .seconds(1)) {
            reads += 1
            guard case .cues(let cues, let covered) = event else { break }
            schedule.add(cues, coveredUntil: covered)
        }
        return schedule.due(at: .positiveInfinity)
    }

    @Test(
        "opened at 4 s it gives the caption showing then (3–5 s) and not the one that ended; a seek back to 0 gives both again"
    )
    func positionAndSeek() async throws {
        let url = try await ClosedCaptionTestMedia.captioned(.mp4)
        let four = MediaTime(value: 4, timescale: 1)
        let feed = try ClosedCaptionCueFeed(url: url, videoStreamIndex: 0, at: four, cancels: CancelGroup())
        defer { feed.close() }
        let atFour = cues(of: feed, from: four)
        #expect(atFour.map(\.text) == ["SECOND LINE"])
        #expect(atFour.map { ($0.start.seconds * 25).rounded() } == [75])
        feed.seek(to: .zero, generation: 1)
        let fromStart = cues(of: feed, from: .zero)
        // Captions decoded before the seek leave nothing behind: the decoder starts clean.
        #expect(fromStart.map(\.text) == ClosedCaptionTestMedia.captions.map(\.text))
        #expect(fromStart.map { ($0.end.seconds * 25).rounded() } == [75, 125])
    }

    @Test("a stream that is not H.264 or HEVC video gives no feed")
    func notCaptionVideo() async throws {
        let url = try await TestMedia.url(for: .flacStereo)
        #expect(throws: (any Error).self) {
            try ClosedCaptionCueFeed(url: url, videoStreamIndex: 0, at: .zero, cancels: CancelGroup())
        }
    }
}
