import Foundation
import SpoolCore
import Testing

@testable import SpoolHLS

/// The helpers the player uses: duration, liveness, start positions, time lookup.
@Suite struct MediaPlaylistNavigationTests {
    private func playlist(_ durations: [Double], targetDuration: Int = 6, tags: String = "") throws -> MediaPlaylist {
        let body = durations.enumerated().map { "#EXTINF:\($0.element),\ns\($0.offset).ts\n" }.joined()
        return try parseMedia(mediaText(tags + body, targetDuration: targetDuration))
    }

    private func seconds(_ value: Double) -> MediaTime {
        MediaTime(seconds: value, preferredTimescale: 1000)
    }

    @Test func durationIsTheSumOfSegmentDurations() throws {
        #expect(try playlist([6, 6, 4.5]).duration == seconds(16.5))
        #expect(try playlist([]).duration == .zero)
    }

    @Test func liveUnlessEndListOrVOD() throws {
        #expect(try playlist([6]).isLive)
        #expect(try playlist([6], tags: "#EXT-X-PLAYLIST-TYPE:EVENT\n").isLive)
        #expect(try !playlist([6], tags: "#EXT-X-PLAYLIST-TYPE:VOD\n").isLive)
        #expect(try !playlist([6], tags: "#EXT-X-ENDLIST\n").isLive)
    }

    @Test func liveStartIsThreeTargetDurationsFromTheEnd() throws {
        let live = try playlist(Array(repeating: 6, count: 10))
        #expect(live.startIndex(forLiveEdgeTargetDurations: 3) == 7, "starts at 42 s, 18 s before the 60 s end")
        #expect(live.startIndex(forLiveEdgeTargetDurations: 1) == 9)
        #expect(live.startIndex(forLiveEdgeTargetDurations: 0) == 9)
        #expect(live.startIndex(forLiveEdgeTargetDurations: 20) == 0)
        let uneven = try playlist([6, 6, 6, 2, 2, 2, 2, 2, 2])
        #expect(uneven.startIndex() == 2, "the last segment starting at or before 30 - 18 = 12 s")
        #expect(try playlist([6, 6]).startIndex() == 0)
        #expect(try playlist([]).startIndex() == nil)
    }

    @Test func startPointsCountFromEitherEnd() throws {
        let vod = try playlist(Array(repeating: 6, count: 10))
        let start = { (offset: Double) in StartPoint(timeOffset: self.seconds(offset), isPrecise: false) }
        #expect(vod.startIndex(for: start(0)) == 0)
        #expect(vod.startIndex(for: start(13)) == 2)
        #expect(vod.startIndex(for: start(-13)) == 7, "60 - 13 = 47 s")
        #expect(vod.startIndex(for: start(600)) == 9)
        #expect(vod.startIndex(for: start(-600)) == 0)
        #expect(try playlist([]).startIndex(for: start(1)) == nil)
    }

    @Test func segmentContainingATime() throws {
        let vod = try playlist([6, 4.004, 6])
        #expect(vod.segmentIndex(containing: .zero) == 0)
        #expect(vod.segmentIndex(containing: seconds(5.999)) == 0)
        #expect(vod.segmentIndex(containing: seconds(6)) == 1)
        #expect(vod.segmentIndex(containing: seconds(10.003)) == 1)
        #expect(vod.segmentIndex(containing: seconds(10.004)) == 2)
        #expect(vod.segment(containing: seconds(16.003))?.uri.lastPathComponent == "s2.ts")
        for outside in [seconds(16.004), seconds(-0.001), .invalid, .indefinite, .positiveInfinity] {
            #expect(vod.segmentIndex(containing: outside) == nil, "\(outside)")
        }
        let zeroLength = try playlist([6, 0, 6])
        #expect(zeroLength.segmentIndex(containing: seconds(6)) == 2)
    }

    @Test func segmentEndTimesAndKeys() throws {
        let vod = try playlist([6, 4])
        #expect(vod.segments.map(\.endTime) == [seconds(6), seconds(10)])
        #expect(vod.segments[0].key == nil)
    }
}
