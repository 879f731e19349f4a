import Foundation
import SpoolCore
import Testing

@testable import SpoolHLS

/// Four 2-second segments from 12:00:00Z, a date on the first one only (the rest extrapolated),
/// with `ranges` (DATERANGE attribute lists) before the segments.
private func playlist(_ ranges: [String], dated: Bool = true) throws -> MediaPlaylist {
    var body = ranges.map { "#EXT-X-DATERANGE:\($0)\n" }.joined()
    if dated { body += "#EXT-X-PROGRAM-DATE-TIME:2024-05-01T12:00:00Z\n" }
    for index in 0..<4 { body += "#EXTINF:2,\ns\(index).ts\n" }
    return try parseMedia(mediaText(body + "#EXT-X-ENDLIST\n", targetDuration: 2))
}

private let interstitialClass = "CLASS=\"com.apple.hls.interstitial\""

@Suite("HLS interstitial schedule")
struct InterstitialScheduleTests {
    @Test("START-DATE maps through the program date-times onto the playlist timeline, exactly")
    func startDateMapsToPlaylistTime() throws {
        let media = try playlist([
            "ID=\"b\",\(interstitialClass),START-DATE=\"2024-05-01T12:00:05.5Z\",X-ASSET-URI=\"b.m3u8\",DURATION=3",
            "ID=\"a\",\(interstitialClass),START-DATE=\"2024-05-01T12:00:02Z\",X-ASSET-URI=\"a.m3u8\",X-RESUME-OFFSET=0,X-RESTRICT=\"SKIP,JUMP\"",
        ])
        let events = InterstitialSchedule.interstitials(in: media)
        #expect(events.map(\.id) == ["a", "b"])
        #expect(events.map(\.time) == [MediaTime(value: 2, timescale: 1), MediaTime(value: 5500, timescale: 1000)])
        #expect(events[0].interstitial.resumeOffset == .zero)
        #expect(events[0].interstitial.restrictions == [.skip, .jump])
        #expect(events[1].duration == MediaTime(value: 3, timescale: 1))
        #expect(events[0].interstitial.assetURI?.absoluteString.hasSuffix("/a.m3u8") == true)
    }

    @Test("CUE=PRE plays at zero, CUE=POST at the end and last; dates outside the playlist are clamped")
    func cuesAndClamping() throws {
        let media = try playlist([
            "ID=\"post\",\(interstitialClass),START-DATE=\"2024-05-01T12:00:01Z\",CUE=\"POST\",X-ASSET-URI=\"p.m3u8\"",
            "ID=\"late\",\(interstitialClass),START-DATE=\"2024-05-01T13:00:00Z\",X-ASSET-URI=\"l.m3u8\"",
            "ID=\"pre\",\(interstitialClass),START-DATE=\"2024-05-01T12:00:07Z\",CUE=\"PRE,ONCE\",X-ASSET-URI=\"r.m3u8\"",
            "ID=\"early\",\(interstitialClass),START-DATE=\"2024-05-01T11:00:00Z\",X-ASSET-URI=\"e.m3u8\"",
        ])
        let events = InterstitialSchedule.interstitials(in: media)
        #expect(events.map(\.id) == ["pre", "early", "late", "post"])
        #expect(events.map(\.time.seconds) == [0, 0, 8, 8])
        #expect(events[0].cue == [.pre, .once] && events[3].playsAfterPrimary)
    }

    @Test("ranges that cannot play are left out: no asset, another class, no date-times, a repeated ID")
    func unplayableRangesAreLeftOut() throws {
        let ranges = [
            "ID=\"noasset\",\(interstitialClass),START-DATE=\"2024-05-01T12:00:02Z\",DURATION=2",
            "ID=\"ad\",CLASS=\"com.example.ad\",START-DATE=\"2024-05-01T12:00:02Z\",X-ASSET-URI=\"x.m3u8\"",
            "ID=\"one\",\(interstitialClass),START-DATE=\"2024-05-01T12:00:02Z\",X-ASSET-URI=\"1.m3u8\"",
            "ID=\"one\",\(interstitialClass),START-DATE=\"2024-05-01T12:00:04Z\",X-ASSET-URI=\"2.m3u8\"",
        ]
        let events = InterstitialSchedule.interstitials(in: try playlist(ranges))
        #expect(events.map(\.id) == ["one"])
        #expect(events[0].time == MediaTime(value: 2, timescale: 1))
        // Without program date-times only CUE=PRE/POST can be placed.
        #expect(InterstitialSchedule.interstitials(in: try playlist(ranges, dated: false)).isEmpty)
    }

    @Test("X-SNAP=OUT moves the start to the nearest segment boundary")
    func snapOut() throws {
        let media = try playlist([
            "ID=\"a\",\(interstitialClass),START-DATE=\"2024-05-01T12:00:02.9Z\",X-ASSET-URI=\"a.m3u8\",X-SNAP=\"OUT\"",
            "ID=\"b\",\(interstitialClass),START-DATE=\"2024-05-01T12:00:03.1Z\",X-ASSET-URI=\"b.m3u8\",X-SNAP=\"OUT,IN\"",
        ])
        #expect(InterstitialSchedule.interstitials(in: media).map(\.time.seconds) == [2, 4])
    }

    @Test("an asset list resolves its URIs against its own URL, keeps durations and refuses what it must")
    func assetList() throws {
        let url = URL(string: "https://ads.example/list/break.json")!
        let json = #"{"ASSETS":[{"URI":"a/1.m3u8","DURATION":10.5},{"URI":"https://cdn.example/2.m3u8"}]}"#
        let list = try InterstitialAssetList.parse(Data(json.utf8), url: url)
        #expect(
            list.assets.map(\.uri.absoluteString) == [
                "https://ads.example/list/a/1.m3u8", "https://cdn.example/2.m3u8",
            ])
        #expect(list.assets.map(\.duration) == [MediaTime(value: 10500, timescale: 1000), nil])
        #expect(throws: InterstitialAssetList.ParseError.self) {
            try InterstitialAssetList.parse(Data(#"{"ASSETS":[{"URI":"file:///etc/passwd"}]}"#.utf8), url: url)
        }
        #expect(throws: InterstitialAssetList.ParseError.self) {
            try InterstitialAssetList.parse(Data("[1,2]".utf8), url: url)
        }
        #expect(throws: InterstitialAssetList.ParseError.self) {
            try InterstitialAssetList.parse(Data(#"{"ASSETS":[{"DURATION":1}]}"#.utf8), url: url)
        }
    }
}
