import Foundation
import SpoolCore
import Testing

@testable import SpoolHLS

/// Every media playlist tag, each with its expected values.
@Suite struct MediaTagTests {
    @Test func playlistLevelTags() throws {
        let playlist = try parseMedia(
            """
            #EXTM3U
            #EXT-X-VERSION:7
            #EXT-X-TARGETDURATION:6
            #EXT-X-MEDIA-SEQUENCE:1200
            #EXT-X-DISCONTINUITY-SEQUENCE:7
            #EXT-X-PLAYLIST-TYPE:EVENT
            #EXT-X-INDEPENDENT-SEGMENTS
            #EXT-X-I-FRAMES-ONLY
            #EXT-X-START:TIME-OFFSET=4.5
            #EXTINF:6,
            a.ts
            #EXT-X-ENDLIST
            """)
        #expect(playlist.version == 7 && playlist.targetDuration == MediaTime(value: 6, timescale: 1))
        #expect(playlist.mediaSequence == 1200 && playlist.discontinuitySequence == 7)
        #expect(playlist.playlistType == .event && playlist.hasEndList && playlist.isIFramesOnly)
        #expect(playlist.hasIndependentSegments)
        #expect(playlist.start == StartPoint(timeOffset: MediaTime(value: 9, timescale: 2), isPrecise: false))
        #expect(playlist.segments[0].mediaSequence == 1200 && playlist.segments[0].discontinuitySequence == 7)
        #expect(try parseMedia(mediaText("#EXT-X-PLAYLIST-TYPE:VOD\n")).playlistType == .vod)
        #expect(
            parseError(mediaText("#EXT-X-PLAYLIST-TYPE:LIVE\n"))
                == PlaylistParseError(
                    line: 3,
                    problem: .invalidTagValue(
                        tag: "EXT-X-PLAYLIST-TYPE", expected: .enumeratedString(["EVENT", "VOD"]), found: "LIVE")))
    }

    @Test func extinfDurationAndTitle() throws {
        let playlist = try parseMedia(
            mediaText(
                """
                #EXTINF:10.5,Title, with a comma
                a.ts
                #EXTINF:5
                b.ts
                #EXTINF:4,\t
                c.ts
                #EXTINF:0,
                d.ts
                """))
        #expect(playlist.segments.map(\.title) == ["Title, with a comma", nil, nil, nil])
        #expect(playlist.segments.map(\.duration.seconds) == [10.5, 5, 4, 0])
    }

    @Test func byteRangeWithAndWithoutOffset() throws {
        let playlist = try parseMedia(
            mediaText(
                """
                #EXT-X-BYTERANGE:75232@0
                #EXTINF:10,
                all.ts
                #EXT-X-BYTERANGE:82112
                #EXTINF:10,
                all.ts
                #EXT-X-BYTERANGE:69864@200000
                #EXTINF:10,
                all.ts
                #EXTINF:10,
                whole.ts
                """))
        #expect(
            playlist.segments.map(\.byteRange) == [
                ByteRange(offset: 0, length: 75232), ByteRange(offset: 75232, length: 82112),
                ByteRange(offset: 200_000, length: 69864), nil,
            ])
    }

    @Test func discontinuityAdvancesTheDiscontinuitySequence() throws {
        let playlist = try parseMedia(
            mediaText(
                """
                #EXT-X-DISCONTINUITY-SEQUENCE:3
                #EXTINF:10,
                a.ts
                #EXT-X-DISCONTINUITY
                #EXTINF:10,
                b.ts
                #EXTINF:10,
                c.ts
                #EXT-X-DISCONTINUITY
                #EXTINF:10,
                d.ts
                """))
        #expect(playlist.segments.map(\.discontinuitySequence) == [3, 4, 4, 5])
        #expect(playlist.segments.map(\.isDiscontinuity) == [false, true, false, true])
    }

    @Test func keyMethodsAndAttributes() throws {
        let playlist = try parseMedia(
            mediaText(
                """
                #EXT-X-KEY:METHOD=AES-128,URI="keys/1.key",IV=0x0123456789ABCDEF0123456789ABCDEF
                #EXTINF:10,
                a.ts
                #EXT-X-KEY:METHOD=SAMPLE-AES,URI="skd://key-2",KEYFORMAT="com.apple.streamingkeydelivery",KEYFORMATVERSIONS="1/2/5"
                #EXTINF:10,
                b.ts
                #EXT-X-KEY:METHOD=SAMPLE-AES-CTR,URI="data:text/plain;base64,AAAA",KEYFORMAT="urn:uuid:edef8ba9-79d6-4ace-a3c8-27dcd51d21ed"
                #EXTINF:10,
                c.ts
                #EXT-X-KEY:METHOD=NONE
                #EXTINF:10,
                d.ts
                """))
        let first = try #require(playlist.segments[0].key)
        #expect(first.method == .aes128 && first.uri == url("https://example.com/path/keys/1.key"))
        #expect(
            first.iv == [
                0x01, 0x23, 0x45, 0x67, 0x89, 0xAB, 0xCD, 0xEF, 0x01, 0x23, 0x45, 0x67, 0x89, 0xAB, 0xCD, 0xEF,
            ])
        #expect(first.initializationVector(mediaSequence: 99) == first.iv)
        let fairPlay = try #require(playlist.segments[1].keys.last)
        #expect(fairPlay.method == .sampleAES && fairPlay.keyFormat == "com.apple.streamingkeydelivery")
        #expect(fairPlay.keyFormatVersions == [1, 2, 5] && fairPlay.uri == url("skd://key-2"))
        #expect(playlist.segments[1].key == first, "the identity key is preferred")
        #expect(playlist.segments[2].keys.map(\.method) == [.aes128, .sampleAES, .sampleAESCTR])
        #expect(playlist.segments[3].keys.isEmpty && playlist.segments[3].key == nil)
    }

    @Test func malformedKeysAreRejected() {
        let ivTooLong = parseError(
            mediaText(#"#EXT-X-KEY:METHOD=AES-128,URI="k",IV=0x1\#(String(repeating: "0", count: 32))"#))
        #expect(
            ivTooLong?.problem
                == .invalidAttributeValue(
                    tag: "EXT-X-KEY", attribute: "IV", expected: .hexadecimalSequence(bits: 128),
                    found: "0x1" + String(repeating: "0", count: 32)))
        #expect(ivTooLong?.line == 3)
        let unknownMethod = parseError(mediaText(#"#EXT-X-KEY:METHOD=ROT13,URI="k""#))
        #expect(
            unknownMethod?.problem
                == .invalidAttributeValue(
                    tag: "EXT-X-KEY", attribute: "METHOD",
                    expected: .enumeratedString(["NONE", "AES-128", "SAMPLE-AES", "SAMPLE-AES-CTR"]), found: "ROT13"))
        let noURI = parseError(mediaText("#EXT-X-KEY:METHOD=AES-128"))
        #expect(noURI == PlaylistParseError(line: 3, problem: .missingAttribute(tag: "EXT-X-KEY", attribute: "URI")))
        let badVersions = parseError(mediaText(#"#EXT-X-KEY:METHOD=AES-128,URI="k",KEYFORMATVERSIONS="1/x""#))
        #expect(
            badVersions?.problem
                == .invalidAttributeValue(
                    tag: "EXT-X-KEY", attribute: "KEYFORMATVERSIONS",
                    expected: .format("slash-separated decimal-integers"),
                    found: #""1/x""#))
    }

    @Test func mapWithAndWithoutByteRange() throws {
        let playlist = try parseMedia(
            mediaText(
                """
                #EXT-X-MAP:URI="init.mp4"
                #EXTINF:10,
                a.m4s
                #EXT-X-MAP:URI="main.mp4",BYTERANGE="720@0"
                #EXTINF:10,
                b.m4s
                #EXT-X-MAP:URI="other.mp4",BYTERANGE="512"
                #EXTINF:10,
                c.m4s
                """))
        #expect(
            playlist.segments[0].map
                == MediaInitializationSection(uri: url("https://example.com/path/init.mp4"), byteRange: nil, keys: []))
        #expect(playlist.segments[1].map?.byteRange == ByteRange(offset: 0, length: 720))
        #expect(playlist.segments[2].map?.byteRange == ByteRange(offset: 0, length: 512), "an offset left out is 0")
        #expect(
            parseError(mediaText(#"#EXT-X-MAP:URI="i.mp4",BYTERANGE=720@0"#))?.problem
                == .invalidAttributeValue(
                    tag: "EXT-X-MAP", attribute: "BYTERANGE", expected: .byteRange, found: "720@0"))
    }

    @Test func programDateTimeGapAndBitrate() throws {
        let playlist = try parseMedia(
            mediaText(
                """
                #EXT-X-PROGRAM-DATE-TIME:2010-02-19T14:54:23.031+08:00
                #EXT-X-BITRATE:1500
                #EXTINF:10,
                a.ts
                #EXT-X-GAP
                #EXTINF:10,
                b.ts
                #EXT-X-BITRATE:800
                #EXTINF:10,
                c.ts
                """))
        #expect(playlist.segments[0].programDateTime == Date(timeIntervalSince1970: 1_266_562_463.031))
        #expect(playlist.segments.map(\.isGap) == [false, true, false])
        #expect(playlist.segments.map(\.bitrate) == [1_500_000, 1_500_000, 800_000])
        #expect(
            parseError(mediaText("#EXT-X-PROGRAM-DATE-TIME:2010-02-30T14:54:23Z"))
                == PlaylistParseError(
                    line: 3,
                    problem: .invalidTagValue(
                        tag: "EXT-X-PROGRAM-DATE-TIME", expected: .dateTime, found: "2010-02-30T14:54:23Z")))
    }

    @Test func unknownTagsAndCommentsAreIgnored() throws {
        let playlist = try parseMedia(
            mediaText(
                """
                # a comment
                #EXT-X-FUTURE-TAG:FOO=1,BAR="x"
                #EXT-X-CUE-OUT:30
                #EXTINF-NOT:1
                #EXT
                #EXTINF:10,
                a.ts
                #EXT-X-ALLOW-CACHE:NO
                """))
        #expect(playlist.segments.map(\.uri.lastPathComponent) == ["a.ts"])
    }
}
