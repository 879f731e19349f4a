import Foundation
import Testing

@testable import SpoolHLS

/// Untrusted input is bounded: every limit is enforced with an error naming it.
@Suite struct PlaylistLimitsTests {
    private let segment = "#EXTINF:4,\na.ts\n"

    @Test func sizeIsCheckedBeforeParsing() {
        let text = mediaText(String(repeating: segment, count: 100))
        let limits = PlaylistLimits(maxBytes: 1000)
        #expect(
            parseError(text, limits: limits) == PlaylistParseError(line: nil, problem: .limitExceeded(.bytes(1000))))
        #expect(throws: PlaylistParseError(line: nil, problem: .limitExceeded(.bytes(1000)))) {
            try Playlist.parse(Data(text.utf8), url: url(remotePlaylistURL), limits: limits)
        }
        #expect(PlaylistLimits.default.maxBytes == 16 << 20 && PlaylistLimits.default.maxSegments == 200_000)
        #expect(PlaylistLimits.default.maxVariants == 1_000)
    }

    @Test func bytesMustBeUTF8() {
        var data = Data("#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXTINF:4,".utf8)
        data.append(contentsOf: [0xC3, 0x28, 0x0A])
        #expect(throws: PlaylistParseError(line: nil, problem: .notUTF8)) {
            try Playlist.parse(data, url: url(remotePlaylistURL))
        }
    }

    @Test func longLinesAndValuesAreRefused() {
        let longURI = String(repeating: "a", count: 300) + ".ts"
        let lines = PlaylistLimits(maxLineLength: 200)
        #expect(
            parseError(mediaText("#EXTINF:4,\n\(longURI)\n"), limits: lines)
                == PlaylistParseError(line: 4, problem: .limitExceeded(.lineLength(200))))
        let values = PlaylistLimits(maxAttributeLength: 200)
        #expect(
            parseError(mediaText("#EXTINF:4,\n\(longURI)\n"), limits: values)
                == PlaylistParseError(line: 4, problem: .limitExceeded(.attributeLength(200))))
        #expect(
            parseError(mediaText("#EXT-X-MAP:URI=\"\(longURI)\"\n"), limits: values)
                == PlaylistParseError(line: 3, problem: .limitExceeded(.attributeLength(200))))
        #expect(
            parseError(mediaText("#EXTINF:4,\(longURI)\na.ts\n"), limits: values)
                == PlaylistParseError(line: 3, problem: .limitExceeded(.attributeLength(200))))
    }

    @Test func segmentAndPartCountsAreBounded() throws {
        let limits = PlaylistLimits(maxSegments: 3)
        let three = mediaText(String(repeating: segment, count: 3))
        #expect(try parse(three, limits: limits).mediaPlaylist?.segments.count == 3)
        #expect(
            parseError(three + segment, limits: limits)
                == PlaylistParseError(line: 10, problem: .limitExceeded(.segments(3))))
        let parts = mediaText(String(repeating: "#EXT-X-PART:DURATION=1,URI=\"p.mp4\"\n", count: 4))
        #expect(parseError(parts, limits: limits) == PlaylistParseError(line: 6, problem: .limitExceeded(.segments(3))))
    }

    @Test func variantAndRenditionCountsAreBounded() {
        let limits = PlaylistLimits(maxVariants: 2)
        let variants = "#EXTM3U\n" + String(repeating: "#EXT-X-STREAM-INF:BANDWIDTH=1\nv.m3u8\n", count: 3)
        #expect(
            parseError(variants, limits: limits) == PlaylistParseError(line: 6, problem: .limitExceeded(.variants(2))))
        let renditions =
            "#EXTM3U\n" + String(repeating: "#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID=\"a\",NAME=\"n\"\n", count: 3)
        #expect(
            parseError(renditions, limits: limits) == PlaylistParseError(line: 4, problem: .limitExceeded(.variants(2)))
        )
    }

    @Test func metadataCountsAreBounded() {
        let limits = PlaylistLimits(maxMetadataEntries: 2)
        let ranges = mediaText(
            String(repeating: "#EXT-X-DATERANGE:ID=\"d\",START-DATE=\"2024-01-01T00:00:00Z\"\n", count: 3))
        #expect(
            parseError(ranges, limits: limits)
                == PlaylistParseError(line: 5, problem: .limitExceeded(.metadataEntries(2))))
        let definitions = mediaText(
            (1...3).map { "#EXT-X-DEFINE:NAME=\"v\($0)\",VALUE=\"x\"\n" }.joined())
        #expect(
            parseError(definitions, limits: limits)
                == PlaylistParseError(line: 5, problem: .limitExceeded(.metadataEntries(2))))
    }

    @Test func aHugeAttributeListStaysLinear() throws {
        let attributes = (0..<20_000).map { "X-A\($0)=1" }.joined(separator: ",")
        let playlist = try parseMedia(mediaText("#EXT-X-DATERANGE:ID=\"d\",\(attributes)\n"))
        #expect(playlist.dateRanges.first?.clientAttributes.count == 20_000)
    }
}
