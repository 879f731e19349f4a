import Foundation
import SpoolCore
import Testing

@testable import SpoolHLS

/// The low-latency HLS tags, parsed into the model.
@Suite struct LowLatencyTests {
    static let playlist = """
        #EXTM3U
        #EXT-X-TARGETDURATION:4
        #EXT-X-VERSION:9
        #EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=1.0,CAN-SKIP-UNTIL=24.0,CAN-SKIP-DATERANGES=YES,HOLD-BACK=12
        #EXT-X-PART-INF:PART-TARGET=0.33334
        #EXT-X-MEDIA-SEQUENCE:266
        #EXT-X-MAP:URI="init.mp4"
        #EXTINF:4.00008,
        fileSequence266.mp4
        #EXT-X-PART:DURATION=0.33334,URI="filePart267.0.mp4",INDEPENDENT=YES
        #EXT-X-PART:DURATION=0.33334,URI="filePart267.1.mp4"
        #EXTINF:4.00008,
        fileSequence267.mp4
        #EXT-X-PART:DURATION=0.33334,URI="filePart268.0.mp4",INDEPENDENT=YES
        #EXT-X-PART:DURATION=0.33334,URI="filePart268.1.mp4",GAP=YES
        #EXT-X-PRELOAD-HINT:TYPE=PART,URI="filePart268.2.mp4"
        #EXT-X-PRELOAD-HINT:TYPE=MAP,URI="init2.mp4",BYTERANGE-START=100,BYTERANGE-LENGTH=700
        #EXT-X-RENDITION-REPORT:URI="../1M/waitForMSN.php",LAST-MSN=268,LAST-PART=1
        #EXT-X-RENDITION-REPORT:URI="../4M/waitForMSN.php"
        """

    @Test func lowLatencyPlaylistIsParsedIntoTheModel() throws {
        let playlist = try parseMedia(Self.playlist, from: "https://example.com/2M/waitForMSN.php")
        #expect(
            playlist.serverControl
                == ServerControl(
                    canSkipUntil: MediaTime(value: 24, timescale: 1), canSkipDateRanges: true,
                    holdBack: MediaTime(value: 12, timescale: 1), partHoldBack: MediaTime(value: 1, timescale: 1),
                    canBlockReload: true))
        #expect(playlist.partTargetDuration == MediaTime(value: 33334, timescale: 100_000))
        #expect(playlist.segments.map(\.mediaSequence) == [266, 267])
        #expect(playlist.segments[0].parts.isEmpty)
        let parts = playlist.segments[1].parts
        #expect(parts.map(\.uri.lastPathComponent) == ["filePart267.0.mp4", "filePart267.1.mp4"])
        #expect(parts.map(\.isIndependent) == [true, false] && parts.allSatisfy { !$0.isGap && $0.byteRange == nil })
        #expect(parts[0].duration == MediaTime(value: 33334, timescale: 100_000))
        #expect(playlist.trailingParts.map(\.uri.lastPathComponent) == ["filePart268.0.mp4", "filePart268.1.mp4"])
        #expect(playlist.trailingParts.map(\.isGap) == [false, true])
        #expect(playlist.nextMediaSequence == 268)
        #expect(
            playlist.preloadHints == [
                PreloadHint(
                    type: .part, uri: url("https://example.com/2M/filePart268.2.mp4"), byteRangeStart: 0,
                    byteRangeLength: nil),
                PreloadHint(
                    type: .map, uri: url("https://example.com/2M/init2.mp4"), byteRangeStart: 100, byteRangeLength: 700),
            ])
        #expect(
            playlist.renditionReports == [
                RenditionReport(uri: url("https://example.com/1M/waitForMSN.php"), lastMediaSequence: 268, lastPart: 1),
                RenditionReport(
                    uri: url("https://example.com/4M/waitForMSN.php"), lastMediaSequence: nil, lastPart: nil),
            ])
    }

    @Test func partByteRangesContinueFromThePreviousPart() throws {
        let playlist = try parseMedia(
            mediaText(
                """
                #EXT-X-PART:DURATION=1,URI="seg.mp4",BYTERANGE="1000@0"
                #EXT-X-PART:DURATION=1,URI="seg.mp4",BYTERANGE="500"
                #EXT-X-BYTERANGE:1500@0
                #EXTINF:2,
                seg.mp4
                #EXT-X-PART:DURATION=1,URI="next.mp4",BYTERANGE="10@0"
                """))
        #expect(
            playlist.segments[0].parts.map(\.byteRange) == [
                ByteRange(offset: 0, length: 1000), ByteRange(offset: 1000, length: 500),
            ])
        #expect(playlist.trailingParts.first?.byteRange == ByteRange(offset: 0, length: 10))
        let broken = mediaText(
            #"#EXT-X-PART:DURATION=1,URI="a.mp4",BYTERANGE="1000@0"\#n#EXT-X-PART:DURATION=1,URI="b.mp4",BYTERANGE="5""#
        )
        #expect(
            parseError(broken) == PlaylistParseError(line: 4, problem: .byteRangeWithoutPrevious(tag: "EXT-X-PART")))
    }

    @Test("EXT-X-PART BYTERANGE unquoted, as the Python m3u8 library writes it, reads like the quoted form")
    func unquotedPartByteRange() throws {
        let playlist = try parseMedia(
            mediaText(
                """
                #EXT-X-PART:DURATION=1,URI="seg.mp4",BYTERANGE=1000@0
                #EXT-X-PART:DURATION=1,URI="seg.mp4",BYTERANGE=500
                #EXT-X-BYTERANGE:1500@0
                #EXTINF:2,
                seg.mp4
                """))
        #expect(
            playlist.segments[0].parts.map(\.byteRange) == [
                ByteRange(offset: 0, length: 1000), ByteRange(offset: 1000, length: 500),
            ])
        let malformed = mediaText(#"#EXT-X-PART:DURATION=1,URI="a.mp4",BYTERANGE=10@x"#)
        #expect(
            parseError(malformed)?.problem
                == .invalidAttributeValue(
                    tag: "EXT-X-PART", attribute: "BYTERANGE", expected: .byteRange, found: "10@x"))
    }

    @Test func skipOffsetsTheMediaSequenceOfListedSegments() throws {
        let playlist = try parseMedia(
            mediaText(
                "#EXT-X-MEDIA-SEQUENCE:10\n#EXT-X-SKIP:SKIPPED-SEGMENTS=3,RECENTLY-REMOVED-DATERANGES=\"ad-1\tad-2\"\n#EXTINF:4,\na.ts\n"
            ))
        #expect(playlist.skip == SkipInformation(skippedSegments: 3, recentlyRemovedDateRanges: ["ad-1", "ad-2"]))
        #expect(playlist.mediaSequence == 10 && playlist.segments[0].mediaSequence == 13)
        let empty = try parseMedia(mediaText("#EXT-X-MEDIA-SEQUENCE:10\n#EXT-X-SKIP:SKIPPED-SEGMENTS=2\n"))
        #expect(empty.nextMediaSequence == 12 && empty.skip?.recentlyRemovedDateRanges == [])
    }

    @Test func requiredLowLatencyAttributesAreChecked() {
        let cases: [(String, String, String)] = [
            ("#EXT-X-PART-INF:PART-HOLD=1", "EXT-X-PART-INF", "PART-TARGET"),
            ("#EXT-X-PART:URI=\"p.mp4\"", "EXT-X-PART", "DURATION"),
            ("#EXT-X-PART:DURATION=1", "EXT-X-PART", "URI"),
            ("#EXT-X-SKIP:RECENTLY-REMOVED-DATERANGES=\"\"", "EXT-X-SKIP", "SKIPPED-SEGMENTS"),
            ("#EXT-X-PRELOAD-HINT:URI=\"p.mp4\"", "EXT-X-PRELOAD-HINT", "TYPE"),
            ("#EXT-X-RENDITION-REPORT:LAST-MSN=1", "EXT-X-RENDITION-REPORT", "URI"),
        ]
        for (line, tag, attribute) in cases {
            #expect(
                parseError(mediaText(line))
                    == PlaylistParseError(line: 3, problem: .missingAttribute(tag: tag, attribute: attribute)),
                "\(line)")
        }
    }
}
