import Foundation
import SpoolCore
import Testing

@testable import SpoolHLS

/// Parse cost of a 24-hour VOD playlist (21,600 segments of 4 s, EXT-X-PROGRAM-DATE-TIME on every
/// segment). Timed unit tests never make performance claims: the bound here is generous, only
/// to catch quadratic behaviour in a debug build. The release number comes from running
/// `parseLargePlaylistThroughput` with `swift test -c release --filter parseLargePlaylist`.
/// Serialized so the two tests do not compete with each other for the CPU.
@Suite(.serialized) struct PlaylistParsePerformanceTests {
    static let segmentCount = 21_600

    /// The playlist: relative segment URIs, a date on every segment, ENDLIST.
    static func dayLongPlaylist(segments segmentCount: Int = segmentCount) -> String {
        var text = "#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-TARGETDURATION:4\n#EXT-X-PLAYLIST-TYPE:VOD\n"
        text.reserveCapacity(segmentCount * 120)
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        for index in 0..<segmentCount {
            text += "#EXT-X-PROGRAM-DATE-TIME:\(formatter.string(from: start.addingTimeInterval(Double(index) * 4)))\n"
            text += "#EXTINF:4.000,\nsegment_\(index).ts\n"
        }
        return text + "#EXT-X-ENDLIST\n"
    }

    /// Parses the playlist `runs` times and returns the fastest run, in seconds of this
    /// thread's CPU time: the parse is synchronous on it, and CPU time does not count the
    /// time other processes take the core (wall time gave a ratio of 3.74 with both cores
    /// saturated beside `make test`).
    static func fastestParse(_ text: String, runs: Int) throws -> (seconds: Double, playlist: MediaPlaylist) {
        let url = try #require(URL(string: "https://cdn.example.com/vod/day/index.m3u8"))
        var fastest = Double.infinity
        var parsed: MediaPlaylist?
        for _ in 0..<runs {
            let start = threadCPUSeconds()
            parsed = try Playlist.parse(text, url: url).mediaPlaylist
            fastest = min(fastest, threadCPUSeconds() - start)
        }
        return (fastest, try #require(parsed))
    }

    /// The calling thread's CPU time so far.
    static func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }

    @Test func dayLongPlaylistParsesCompletelyWithoutQuadraticCost() throws {
        let (seconds, playlist) = try Self.fastestParse(Self.dayLongPlaylist(), runs: 5)
        #expect(playlist.segments.count == Self.segmentCount)
        #expect(playlist.duration == MediaTime(value: 86_400, timescale: 1))
        #expect(playlist.segments.last?.uri.absoluteString == "https://cdn.example.com/vod/day/segment_21599.ts")
        // Linear cost, judged by scaling rather than by a wall-clock bound a loaded machine
        // can miss: twice the segments take about twice as long (a quadratic parser: four
        // times), the two measured back to back so load hits both alike, in CPU time.
        // The fastest of five each, and 3.5 rather than 3: CI's loaded start once gave 3.29.
        let (half, _) = try Self.fastestParse(Self.dayLongPlaylist(segments: Self.segmentCount / 2), runs: 5)
        #expect(seconds / half < 3.5, "21,600 segments: \(seconds) s; 10,800: \(half) s")
        #expect(seconds < 10, "parsing 21,600 segments took \(seconds) s")
    }

    @Test func parseLargePlaylistThroughput() throws {
        let text = Self.dayLongPlaylist()
        let (seconds, playlist) = try Self.fastestParse(text, runs: 5)
        #expect(playlist.segments.count == Self.segmentCount)
        let milliseconds = (seconds * 1000 * 10).rounded() / 10
        print(
            "parseLargePlaylistThroughput: \(Self.segmentCount) segments, \(text.utf8.count) bytes in \(milliseconds) ms"
        )
    }
}
