import Foundation
import Testing

@testable import SpoolHLS

/// Malformed input is rejected with the line and the problem; tolerated quirks are tolerated.
@Suite struct MalformedPlaylistTests {
    @Test func playlistMustStartWithEXTM3U() {
        for text in ["", "\n#EXTM3U", "#EXT-X-VERSION:3\n#EXTM3U", "#EXTM3U8\n", "<html>"] {
            #expect(parseError(text) == PlaylistParseError(line: 1, problem: .missingHeader), "\(text)")
        }
        #expect(parseError("#EXTM3U\n")?.problem == .missingTargetDuration)
    }

    @Test func byteOrderMarkAndCRLFAreTolerated() throws {
        let text = "\u{FEFF}#EXTM3U\r\n#EXT-X-TARGETDURATION:4\r\n#EXTINF:4,Title\r\nseg 1.ts\r\n\r\n#EXT-X-ENDLIST\r\n"
        let playlist = try parseMedia(text)
        #expect(playlist.segments.map(\.uri.absoluteString) == ["https://example.com/path/seg%201.ts"])
        #expect(playlist.segments[0].title == "Title" && playlist.hasEndList)
        let data = try Playlist.parse(Data(text.utf8), url: url(remotePlaylistURL))
        #expect(data.mediaPlaylist == playlist)
        let broken = "\u{FEFF}#EXTM3U\r\n#EXT-X-TARGETDURATION:4\r\n#EXTINF:-4,\r\nseg.ts\r\n"
        #expect(parseError(broken) == PlaylistParseError(line: 3, problem: .negativeDuration(tag: "EXTINF")))
    }

    @Test func extinfWithoutURIIsReportedAtTheEXTINF() {
        let followedByAnother = mediaText("#EXTINF:4,\na.ts\n#EXTINF:4,\n#EXT-X-DISCONTINUITY\n#EXTINF:4,\nc.ts\n")
        #expect(parseError(followedByAnother) == PlaylistParseError(line: 5, problem: .missingURI(tag: "EXTINF")))
    }

    @Test("a trailing EXTINF without its URI is dropped with a warning; the segments before it play")
    func trailingExtinfWithoutURIIsAWarning() throws {
        for text in [
            mediaText("#EXTINF:4,\na.ts\n#EXTINF:4,\n#EXT-X-ENDLIST\n"), mediaText("#EXTINF:4,\na.ts\n#EXTINF:4,"),
        ] {
            let playlist = try parseMedia(text)
            #expect(playlist.segments.map(\.uri.lastPathComponent) == ["a.ts"])
            #expect(
                playlist.warnings == [
                    PlaylistWarning(line: 5, message: "EXTINF is not followed by a URI line; the segment is ignored")
                ])
            #expect(playlist.warnings.first?.description.hasPrefix("line 5: EXTINF") == true)
        }
        #expect(try parseMedia(mediaText("#EXTINF:4,\na.ts\n")).warnings.isEmpty)
    }

    @Test func streamInfWithoutURIIsReportedAtTheStreamInf() {
        let followedByAnother = "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\n#EXT-X-STREAM-INF:BANDWIDTH=2\nb.m3u8\n"
        #expect(
            parseError(followedByAnother) == PlaylistParseError(line: 2, problem: .missingURI(tag: "EXT-X-STREAM-INF")))
        let atTheEnd = "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\na.m3u8\n# done\n#EXT-X-STREAM-INF:BANDWIDTH=2\n"
        #expect(parseError(atTheEnd) == PlaylistParseError(line: 5, problem: .missingURI(tag: "EXT-X-STREAM-INF")))
    }

    @Test func uriLineWithoutItsTagIsRejected() {
        #expect(
            parseError(mediaText("#EXTINF:4,\na.ts\nb.ts\n"))
                == PlaylistParseError(line: 5, problem: .unexpectedURI("b.ts")))
        #expect(parseError("#EXTM3U\nstray.ts\n") == PlaylistParseError(line: 2, problem: .unexpectedURI("stray.ts")))
        let multivariant = "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\na.m3u8\nb.m3u8\n"
        #expect(parseError(multivariant) == PlaylistParseError(line: 4, problem: .unexpectedURI("b.m3u8")))
    }

    @Test func badTagValuesNameTheLineAndTheExpectedKind() {
        let cases: [(String, PlaylistParseError.Problem)] = [
            ("#EXTINF:abc,", .invalidTagValue(tag: "EXTINF", expected: .decimalFloat, found: "abc")),
            ("#EXTINF:,title", .invalidTagValue(tag: "EXTINF", expected: .decimalFloat, found: "")),
            ("#EXTINF:-0.5,", .negativeDuration(tag: "EXTINF")),
            ("#EXT-X-VERSION:three", .invalidTagValue(tag: "EXT-X-VERSION", expected: .decimalInteger, found: "three")),
            (
                "#EXT-X-MEDIA-SEQUENCE:-1",
                .invalidTagValue(tag: "EXT-X-MEDIA-SEQUENCE", expected: .sequenceNumber, found: "-1")
            ),
            (
                "#EXT-X-MEDIA-SEQUENCE:9223372036854775807",
                .invalidTagValue(tag: "EXT-X-MEDIA-SEQUENCE", expected: .sequenceNumber, found: "9223372036854775807")
            ),
            (
                "#EXT-X-DISCONTINUITY-SEQUENCE:9007199254740993",
                .invalidTagValue(
                    tag: "EXT-X-DISCONTINUITY-SEQUENCE", expected: .sequenceNumber, found: "9007199254740993")
            ),
            (
                "#EXT-X-SKIP:SKIPPED-SEGMENTS=9007199254740993",
                .invalidAttributeValue(
                    tag: "EXT-X-SKIP", attribute: "SKIPPED-SEGMENTS", expected: .sequenceNumber,
                    found: "9007199254740993")
            ),
            ("#EXT-X-BYTERANGE:10@", .invalidTagValue(tag: "EXT-X-BYTERANGE", expected: .byteRange, found: "10@")),
            ("#EXT-X-BITRATE:fast", .invalidTagValue(tag: "EXT-X-BITRATE", expected: .decimalInteger, found: "fast")),
            ("#EXT-X-START:PRECISE=YES", .missingAttribute(tag: "EXT-X-START", attribute: "TIME-OFFSET")),
        ]
        for (line, problem) in cases {
            #expect(
                parseError(mediaText(line + "\n#EXTINF:4,\na.ts\n")) == PlaylistParseError(line: 3, problem: problem),
                "\(line)")
        }
        let badTarget = parseError("#EXTM3U\n#EXT-X-TARGETDURATION:ten\n")
        #expect(
            badTarget
                == PlaylistParseError(
                    line: 2,
                    problem: .invalidTagValue(tag: "EXT-X-TARGETDURATION", expected: .decimalInteger, found: "ten")))
    }

    @Test func mediaAndMultivariantTagsDoNotMix() {
        let variantInMedia = mediaText("#EXTINF:4,\na.ts\n#EXT-X-STREAM-INF:BANDWIDTH=1\nv.m3u8\n")
        #expect(
            parseError(variantInMedia)
                == PlaylistParseError(line: 5, problem: .mixedPlaylistTypes(tag: "EXT-X-STREAM-INF")))
        let segmentInMultivariant = "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\nv.m3u8\n#EXT-X-TARGETDURATION:4\n"
        #expect(
            parseError(segmentInMultivariant)
                == PlaylistParseError(line: 4, problem: .mixedPlaylistTypes(tag: "EXT-X-TARGETDURATION")))
    }

    @Test func mediaPlaylistNeedsATargetDuration() {
        let error = parseError("#EXTM3U\n#EXTINF:4,\na.ts\n")
        #expect(error == PlaylistParseError(line: nil, problem: .missingTargetDuration))
        #expect(error?.description == "playlist: media playlist lacks EXT-X-TARGETDURATION")
    }

    @Test func errorDescriptionsAreOneLine() {
        let problems: [PlaylistParseError.Problem] = [
            .notUTF8, .missingHeader, .limitExceeded(.segments(3)), .missingURI(tag: "EXTINF"),
            .unexpectedURI(String(repeating: "very-long/", count: 20)), .disallowedScheme("file:///etc/passwd"),
            .invalidTagValue(tag: "EXTINF", expected: .decimalFloat, found: "a\nb"),
        ]
        for problem in problems {
            let text = PlaylistParseError(line: 7, problem: problem).description
            #expect(text.hasPrefix("line 7: ") && !text.contains("\n") && text.count < 160, "\(text)")
        }
    }
}
