import Foundation
import SpoolCore
import Testing

@testable import SpoolHLS

/// EXT-X-DATERANGE: standard attributes, client attributes, interstitials.
@Suite struct DateRangeTests {
    @Test func dateRangeCarriesEveryAttribute() throws {
        let playlist = try parseMedia(
            mediaText(
                """
                #EXT-X-DATERANGE:ID="ad-1",CLASS="com.example.ad",START-DATE="2024-05-01T12:00:00Z",END-DATE="2024-05-01T12:00:30.5Z",DURATION=30.5,PLANNED-DURATION=30,CUE="PRE,ONCE",SCTE35-CMD=0xFC01,SCTE35-OUT=0xFC02,SCTE35-IN=0xFC03,X-COM-EXAMPLE-AD-ID="XYZ123",X-COM-EXAMPLE-RATIO=-1.5,X-COM-EXAMPLE-BLOB=0xCAFE
                #EXTINF:10,
                a.ts
                """))
        let range = try #require(playlist.dateRanges.first)
        #expect(range.id == "ad-1" && range.className == "com.example.ad")
        #expect(range.startDate == Date(timeIntervalSince1970: 1_714_564_800))
        #expect(range.endDate == Date(timeIntervalSince1970: 1_714_564_830.5))
        #expect(
            range.duration == MediaTime(value: 61, timescale: 2)
                && range.plannedDuration == MediaTime(value: 30, timescale: 1))
        #expect(range.cue == [.pre, .once] && !range.endsOnNext)
        #expect(
            range.scte35Command == [0xFC, 0x01] && range.scte35Out == [0xFC, 0x02] && range.scte35In == [0xFC, 0x03])
        #expect(
            range.clientAttributes == [
                "X-COM-EXAMPLE-AD-ID": .string("XYZ123"), "X-COM-EXAMPLE-RATIO": .number(-1.5),
                "X-COM-EXAMPLE-BLOB": .hexadecimal([0xCA, 0xFE]),
            ])
        #expect(range.interstitial == nil)
        #expect(range.resolvedEndDate == range.endDate)
    }

    @Test func endOnNextAndDurationOnlyRanges() throws {
        let playlist = try parseMedia(
            mediaText(
                """
                #EXT-X-DATERANGE:ID="c1",CLASS="chapter",START-DATE="2024-05-01T12:00:00Z",END-ON-NEXT=YES
                #EXT-X-DATERANGE:ID="c2",START-DATE="2024-05-01T12:00:00Z",DURATION=90
                #EXT-X-DATERANGE:ID="c1",CLASS="chapter"
                """))
        #expect(playlist.dateRanges.map(\.id) == ["c1", "c2", "c1"])
        #expect(playlist.dateRanges[0].endsOnNext && playlist.dateRanges[0].cue.isEmpty)
        #expect(playlist.dateRanges[1].resolvedEndDate == Date(timeIntervalSince1970: 1_714_564_890))
        #expect(playlist.dateRanges[2].startDate == nil, "an update of an announced range may leave START-DATE out")
    }

    @Test func interstitialAttributesAreAccessible() throws {
        let playlist = try parseMedia(
            mediaText(
                """
                #EXT-X-DATERANGE:ID="break-1",CLASS="com.apple.hls.interstitial",START-DATE="2024-05-01T12:00:00Z",DURATION=15,X-ASSET-URI="ads/ad1/index.m3u8",X-RESUME-OFFSET=0,X-PLAYOUT-LIMIT=15.5,X-RESTRICT="SKIP,JUMP",X-SNAP="OUT,IN",CUE="PRE"
                #EXT-X-DATERANGE:ID="break-2",CLASS="com.apple.hls.interstitial",START-DATE="2024-05-01T12:10:00Z",X-ASSET-LIST="https://ads.example.com/list.json?slot=2"
                #EXTINF:10,
                a.ts
                """))
        let first = try #require(playlist.dateRanges[0].interstitial)
        #expect(first.assetURI == url("https://example.com/path/ads/ad1/index.m3u8") && first.assetList == nil)
        #expect(first.resumeOffset == .zero && first.playoutLimit == MediaTime(value: 31, timescale: 2))
        #expect(first.restrictions == [.skip, .jump] && first.snap == [.out, .in])
        #expect(playlist.dateRanges[0].cue == .pre)
        #expect(playlist.dateRanges[0].clientAttributes["X-ASSET-URI"] == .string("ads/ad1/index.m3u8"))
        let second = try #require(playlist.dateRanges[1].interstitial)
        #expect(second.assetList == url("https://ads.example.com/list.json?slot=2") && second.assetURI == nil)
        #expect(second.resumeOffset == nil && second.restrictions.isEmpty && second.snap.isEmpty)
    }

    @Test func interstitialAssetsFollowTheURIPolicy() {
        let text = mediaText(
            #"#EXT-X-DATERANGE:ID="i",CLASS="com.apple.hls.interstitial",START-DATE="2024-05-01T12:00:00Z",X-ASSET-URI="file:///etc/passwd""#
        )
        #expect(parseError(text) == PlaylistParseError(line: 3, problem: .disallowedScheme("file:///etc/passwd")))
    }

    @Test func malformedDateRangesAreRejected() {
        let cases: [(String, PlaylistParseError.Problem)] = [
            (#"START-DATE="2024-05-01T12:00:00Z""#, .missingAttribute(tag: "EXT-X-DATERANGE", attribute: "ID")),
            (
                #"ID="a",START-DATE="May 1st""#,
                .invalidAttributeValue(
                    tag: "EXT-X-DATERANGE", attribute: "START-DATE", expected: .dateTime, found: #""May 1st""#)
            ),
            (
                #"ID="a",X-FOO=bar"#,
                .invalidAttributeValue(
                    tag: "EXT-X-DATERANGE", attribute: "X-FOO",
                    expected: .format("a quoted-string, hexadecimal-sequence or decimal-floating-point"), found: "bar")
            ),
            (
                #"ID="a",CUE="PRE,LATER""#,
                .invalidAttributeValue(
                    tag: "EXT-X-DATERANGE", attribute: "CUE", expected: .format("a quoted list of PRE, POST, ONCE"),
                    found: #""PRE,LATER""#)
            ),
            (
                #"ID="a",DURATION=-1"#,
                .invalidAttributeValue(
                    tag: "EXT-X-DATERANGE", attribute: "DURATION", expected: .decimalFloat, found: "-1")
            ),
        ]
        for (attributes, problem) in cases {
            #expect(
                parseError(mediaText("#EXT-X-DATERANGE:" + attributes)) == PlaylistParseError(line: 3, problem: problem)
            )
        }
    }
}
