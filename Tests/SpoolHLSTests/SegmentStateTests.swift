import Foundation
import SpoolCore
import Testing

@testable import SpoolHLS

/// State that carries from segment to segment: byte-range continuation, keys and maps in force,
/// extrapolated program date-times, numbering.
@Suite struct SegmentStateTests {
    @Test func byteRangeOffsetContinuesFromThePreviousRangeOfTheSameResource() throws {
        let playlist = try parseMedia(
            mediaText(
                """
                #EXTINF:4,
                #EXT-X-BYTERANGE:1000@0
                media.mp4
                #EXT-X-BYTERANGE:2000
                #EXTINF:4,
                media.mp4
                #EXT-X-BYTERANGE:500
                #EXTINF:4,
                media.mp4
                """))
        #expect(playlist.segments.map(\.byteRange?.offset) == [0, 1000, 3000])
        #expect(playlist.segments.map(\.byteRange?.length) == [1000, 2000, 500])
    }

    @Test func byteRangeWithoutOffsetNeedsAPreviousSubRangeOfTheSameResource() {
        let afterOtherResource = mediaText(
            """
            #EXT-X-BYTERANGE:1000@0
            #EXTINF:4,
            one.mp4
            #EXT-X-BYTERANGE:1000
            #EXTINF:4,
            two.mp4
            """)
        #expect(
            parseError(afterOtherResource)
                == PlaylistParseError(line: 6, problem: .byteRangeWithoutPrevious(tag: "EXT-X-BYTERANGE")))
        let afterWholeSegment = mediaText("#EXTINF:4,\none.mp4\n#EXT-X-BYTERANGE:1000\n#EXTINF:4,\none.mp4\n")
        #expect(parseError(afterWholeSegment)?.line == 5)
        #expect(parseError(mediaText("#EXT-X-BYTERANGE:10\n#EXTINF:4,\none.mp4\n"))?.line == 3)
    }

    @Test func keysApplyPerKeyFormatUntilReplacedOrEnded() throws {
        let playlist = try parseMedia(
            mediaText(
                """
                #EXT-X-KEY:METHOD=AES-128,URI="a.key"
                #EXTINF:4,
                s0.ts
                #EXT-X-KEY:METHOD=SAMPLE-AES,URI="skd://w",KEYFORMAT="com.apple.streamingkeydelivery"
                #EXTINF:4,
                s1.ts
                #EXTINF:4,
                #EXT-X-KEY:METHOD=AES-128,URI="b.key"
                s2.ts
                #EXT-X-KEY:METHOD=NONE
                #EXTINF:4,
                s3.ts
                """))
        let uris = playlist.segments.map { $0.keys.map(\.uri.absoluteString) }
        let (a, b, fairPlay) = ("https://example.com/path/a.key", "https://example.com/path/b.key", "skd://w")
        #expect(uris == [[a], [a, fairPlay], [b, fairPlay], []])
    }

    @Test func mapAppliesUntilTheNextMapWithTheKeysInForceWhereItAppears() throws {
        let playlist = try parseMedia(
            mediaText(
                """
                #EXT-X-MAP:URI="clear-init.mp4"
                #EXTINF:4,
                s0.m4s
                #EXT-X-KEY:METHOD=SAMPLE-AES-CTR,URI="k.key"
                #EXTINF:4,
                s1.m4s
                #EXT-X-MAP:URI="enc-init.mp4"
                #EXTINF:4,
                s2.m4s
                #EXTINF:4,
                s3.m4s
                """))
        #expect(
            playlist.segments.map { $0.map?.uri.lastPathComponent } == [
                "clear-init.mp4", "clear-init.mp4", "enc-init.mp4", "enc-init.mp4",
            ])
        #expect(playlist.segments[1].map?.keys.isEmpty == true && playlist.segments[1].keys.count == 1)
        #expect(playlist.segments[3].map?.keys.map(\.method) == [.sampleAESCTR])
    }

    @Test func programDateTimeIsExtrapolatedForwardAndBackward() throws {
        let playlist = try parseMedia(
            mediaText(
                """
                #EXTINF:4,
                s0.ts
                #EXTINF:6.5,
                s1.ts
                #EXT-X-PROGRAM-DATE-TIME:2024-01-01T00:00:10.000Z
                #EXTINF:4,
                s2.ts
                #EXTINF:4,
                s3.ts
                #EXT-X-DISCONTINUITY
                #EXT-X-PROGRAM-DATE-TIME:2024-01-01T01:00:00Z
                #EXTINF:4,
                s4.ts
                #EXTINF:4,
                s5.ts
                """))
        let base = 1_704_067_200.0
        let expected = [base - 0.5, base + 3.5, base + 10, base + 14, base + 3600, base + 3604]
        let actual = playlist.segments.map { $0.programDateTime?.timeIntervalSince1970 ?? .nan }
        #expect(zip(actual, expected).allSatisfy { abs($0 - $1) < 1e-6 }, "\(actual)")
        #expect(try parseMedia(mediaText("#EXTINF:4,\na.ts\n")).segments[0].programDateTime == nil)
    }

    @Test func extrapolationIsExactOverADayOfSegments() throws {
        var body = "#EXT-X-PROGRAM-DATE-TIME:2024-01-01T00:00:00Z\n"
        for index in 0..<21_600 { body += "#EXTINF:4.004,\ns\(index).ts\n" }
        let playlist = try parseMedia(mediaText(body))
        let last = try #require(playlist.segments.last?.programDateTime)
        #expect(abs(last.timeIntervalSince1970 - (1_704_067_200 + 21_599 * 4.004)) < 1e-5)
    }

    @Test func numbersCountFromTheSequenceTags() throws {
        let playlist = try parseMedia(
            mediaText(
                "#EXT-X-MEDIA-SEQUENCE:41\n#EXTINF:4,\na.ts\n#EXTINF:4,\nb.ts\n#EXT-X-DISCONTINUITY\n#EXTINF:4,\nc.ts\n"
            ))
        #expect(playlist.segments.map(\.mediaSequence) == [41, 42, 43])
        #expect(playlist.segments.map(\.discontinuitySequence) == [0, 0, 1])
        #expect(playlist.segments.map(\.startTime.seconds) == [0, 4, 8])
    }

    @Test func largestSequenceNumbersCountWithoutOverflow() throws {
        let playlist = try parseMedia(
            mediaText(
                """
                #EXT-X-MEDIA-SEQUENCE:9007199254740992
                #EXT-X-DISCONTINUITY-SEQUENCE:9007199254740992
                #EXT-X-SKIP:SKIPPED-SEGMENTS=9007199254740992
                #EXT-X-DISCONTINUITY
                #EXTINF:4,
                a.ts
                """))
        #expect(playlist.segments[0].mediaSequence == 1 << 54)
        #expect(playlist.segments[0].discontinuitySequence == (1 << 53) + 1)
        #expect(playlist.nextMediaSequence == (1 << 54) + 1)
    }

    @Test func sequenceTagsMustPrecedeTheFirstSegment() {
        for tag in ["#EXT-X-MEDIA-SEQUENCE:4", "#EXT-X-DISCONTINUITY-SEQUENCE:2", "#EXT-X-SKIP:SKIPPED-SEGMENTS=2"] {
            let name = String(tag.dropFirst().prefix { $0 != ":" })
            #expect(
                parseError(mediaText("#EXTINF:4,\na.ts\n\(tag)\n"))
                    == PlaylistParseError(line: 5, problem: .tagAfterFirstSegment(tag: name)))
        }
    }
}
