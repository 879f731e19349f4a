import Foundation
import SpoolCore
import Testing

@testable import SpoolHLS

/// Where low-latency playback starts and what it fetches next, in playlists shaped like the
/// test origin's (1-s parts, four to a segment, parts listed for the newest segments).
@Suite struct LowLatencyNavigationTests {
    /// Segments `first..<first+count` (parts listed for the last `withParts`), then `trailing`
    /// parts of the segment in production.
    static func playlist(first: Int = 0, count: Int, withParts: Int = 3, trailing: Int, holdBack: Double = 2)
        throws -> MediaPlaylist
    {
        var lines = [
            "#EXTM3U", "#EXT-X-VERSION:9", "#EXT-X-TARGETDURATION:4", "#EXT-X-PART-INF:PART-TARGET=1.0",
            "#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=\(holdBack)",
            "#EXT-X-MEDIA-SEQUENCE:\(first)", "#EXT-X-MAP:URI=\"init.mp4\"",
        ]
        func parts(_ segment: Int, _ count: Int) {
            for part in 0..<count {
                lines.append("#EXT-X-PART:DURATION=1.0,URI=\"part-\(segment)-\(part).m4s\",INDEPENDENT=YES")
            }
        }
        for segment in first..<(first + count) {
            if segment >= first + count - withParts { parts(segment, 4) }
            lines += ["#EXTINF:4.0,", "seg-\(segment).m4s"]
        }
        parts(first + count, trailing)
        return try parseMedia(lines.joined(separator: "\n"), from: "http://127.0.0.1/live.m3u8")
    }

    static func fetched(_ fetch: LowLatencyFetch) -> String {
        switch fetch {
        case .segment(let index): "segment \(index)"
        case .part(let part, let start, _): "\(part.uri.lastPathComponent) at \(start.seconds)"
        case .notListed: "not listed"
        case .fellBehind: "fell behind"
        }
    }

    @Test("the start is the part PART-HOLD-BACK before the newest part's end")
    func startsAtTheHoldBack() throws {
        // Segments 0 and 1 whole (8 s), one part of segment 2: the edge at 9 s, the start at 7 s.
        let playlist = try Self.playlist(count: 2, trailing: 1)
        #expect(playlist.partEdge.seconds == 9)
        #expect(playlist.lowLatencyStart() == PartCursor(mediaSequence: 1, part: 3))
        // Without PART-HOLD-BACK: three part targets. With none listed before it: the first segment.
        #expect(
            playlist.lowLatencyStart(holdBack: MediaTime(value: 3, timescale: 1))
                == PartCursor(mediaSequence: 1, part: 2))
        #expect(
            playlist.lowLatencyStart(holdBack: MediaTime(value: 30, timescale: 1))
                == PartCursor(mediaSequence: 0, part: 0))
    }

    @Test("parts one by one across a segment's end; a segment start fetches the whole segment")
    func walksThroughParts() throws {
        let playlist = try Self.playlist(count: 2, trailing: 2)
        var cursor = PartCursor(mediaSequence: 1, part: 3)
        #expect(Self.fetched(playlist.lowLatencyFetch(at: &cursor)) == "part-1-3.m4s at 7.0")
        // After segment 1's last part, the cursor asks for part 4 (a segment's part count is
        // known only when it is listed whole), which moves on to segment 2's first part.
        cursor = PartCursor(mediaSequence: 1, part: 4)
        #expect(Self.fetched(playlist.lowLatencyFetch(at: &cursor)) == "part-2-0.m4s at 8.0")
        #expect(cursor == PartCursor(mediaSequence: 2, part: 0))
        cursor = PartCursor(mediaSequence: 2, part: 2)
        #expect(Self.fetched(playlist.lowLatencyFetch(at: &cursor)) == "not listed")
        cursor = PartCursor(mediaSequence: 0, part: 0)
        #expect(Self.fetched(playlist.lowLatencyFetch(at: &cursor)) == "segment 0")
    }

    @Test("a cursor before the window fell behind; a cursor past the edge is not listed")
    func outsideTheWindow() throws {
        let playlist = try Self.playlist(first: 5, count: 4, trailing: 0)
        var behind = PartCursor(mediaSequence: 3, part: 1)
        #expect(Self.fetched(playlist.lowLatencyFetch(at: &behind)) == "fell behind")
        var ahead = PartCursor(mediaSequence: 10, part: 0)
        #expect(Self.fetched(playlist.lowLatencyFetch(at: &ahead)) == "not listed")
        // Parts aged out of an older segment: the rest of it is skipped, on to the next one.
        var aged = PartCursor(mediaSequence: 5, part: 2)
        #expect(Self.fetched(playlist.lowLatencyFetch(at: &aged)) == "segment 1")
        #expect(aged == PartCursor(mediaSequence: 6, part: 0))
    }
}
