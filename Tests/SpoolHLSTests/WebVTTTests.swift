import Foundation
import SpoolCore
import Testing

@testable import SpoolHLS

/// WebVTT parsing: every construct, the HLS timestamp map, malformed input and limits.
@Suite struct WebVTTTests {
    private func parse(_ text: String, limits: SubtitleLimits = .default) throws -> WebVTTDocument {
        try WebVTT.parse(Data(text.utf8), limits: limits)
    }

    private func parseError(
        _ text: String, limits: SubtitleLimits = .default, sourceLocation: SourceLocation = #_sourceLocation
    ) -> SubtitleParseError? {
        #expect(throws: SubtitleParseError.self, sourceLocation: sourceLocation) {
            try WebVTT.parse(Data(text.utf8), limits: limits)
        }
    }

    private func ms(_ milliseconds: Int64) -> MediaTime {
        MediaTime(value: milliseconds, timescale: 1000)
    }

    @Test func parsesEveryConstruct() throws {
        let text = """
            \u{FEFF}WEBVTT - a title
            Kind: captions
            Language: en

            STYLE
            ::cue { color: yellow }

            REGION
            id:fred width:40%

            NOTE a comment
            that spans --> two lines

            intro
            00:01.000 --> 00:02.500
            Hello

            01:02:03.004 --> 01:02:05.000 align:start line:0% position:10%,line-left size:50% bad :x y: region:fred
            <v Roger>Two</v>
            lines --> still text

            NOTE
            in between

            123:00:00.000 --> 123:00:01.000 align:end align:center
            x

            """
        let document = try parse(text)
        #expect(document.timestampMap == nil)
        #expect(
            document.cues == [
                SubtitleCue(identifier: "intro", start: ms(1000), end: ms(2500), text: "Hello"),
                SubtitleCue(
                    start: ms(3_723_004), end: ms(3_725_000), text: "<v Roger>Two</v>\nlines --> still text",
                    settings: [
                        "align": "start", "line": "0%", "position": "10%,line-left", "size": "50%", "region": "fred",
                    ]),
                SubtitleCue(start: ms(442_800_000), end: ms(442_801_000), text: "x", settings: ["align": "center"]),
            ])
    }

    @Test func acceptsEveryLineEndAndAHeaderEndedByACue() throws {
        for end in ["\n", "\r\n", "\r"] {
            let text = ["WEBVTT", "00:00.000 --> 00:00.001", "a", "", "", "b", "00:00.002 --> 00:00.002", "", ""]
                .joined(separator: end)
            let cues = try parse(text).cues
            #expect(cues.map(\.text) == ["a", ""], "\(end.debugDescription)")
            #expect(cues.map(\.identifier) == [nil, "b"])
            #expect(cues.map(\.end) == [ms(1), ms(2)])
        }
        #expect(try parse("WEBVTT").cues.isEmpty)
        #expect(try parse("WEBVTT\tfile\n\n").cues.isEmpty)
        // A line of spaces separates blocks like an empty line.
        #expect(try parse("WEBVTT\n\n00:00.000 --> 00:01.000\na\n  \t\n00:01.000 --> 00:02.000\nb").cues.count == 2)
    }

    @Test func timestampsFollowTheW3CGrammar() throws {
        let valid: [(String, Int64)] = [
            ("00:00.000", 0), ("59:59.999", 3_599_999), ("00:00:01.500", 1500), ("1:00:00.000", 3_600_000),
            ("100:00:00.000", 360_000_000),
        ]
        for (stamp, milliseconds) in valid {
            let cue = try #require(try parse("WEBVTT\n\n\(stamp) --> 999:00:00.000\n").cues.first, "\(stamp)")
            #expect(cue.start == ms(milliseconds), "\(stamp)")
        }
        let invalid = [
            "60:00.000", "00:60.000", "0:00.000", "00:00.00", "00:00.0000", "00:00,000", "100:00.000",
            "00:00:00:00.000",
            "1:60:00.000", "-00:01.000", "00:01.000x", "0000000000:00:00.000",
        ]
        for stamp in invalid {
            #expect(
                parseError("WEBVTT\n\n\(stamp) --> 999:00:00.000 \n")
                    == SubtitleParseError(line: 3, problem: .invalidTiming("\(stamp) --> 999:00:00.000 ")), "\(stamp)")
        }
        // Settings must be separated from the end time.
        #expect(parseError("WEBVTT\n\n00:00.000 --> 00:01.000align:start")?.line == 3)
        // Spaces around the arrow are optional.
        #expect(try parse("WEBVTT\n\n00:00.000-->00:01.000").cues.first?.end == ms(1000))
    }

    @Test func timestampMapGivesTheOffsetToTheMPEGTSTimeline() throws {
        let text = "WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:900000,LOCAL:00:00:00.000\n\n00:01.000 --> 00:02.000\nhi\n"
        let document = try parse(text)
        let map = try #require(document.timestampMap)
        #expect(map == WebVTTTimestampMap(mpegts: 900_000, local: .zero))
        #expect(map.offset == MediaTime(value: 10, timescale: 1))
        let shifted = document.cues.map { $0.shifted(by: map.offset) }
        #expect(shifted.map(\.start) == [ms(11_000)] && shifted.map(\.end) == [ms(12_000)])

        let reordered = try parse("WEBVTT\nX-TIMESTAMP-MAP=LOCAL:00:00:05.000, MPEGTS:183003\n").timestampMap
        #expect(reordered == WebVTTTimestampMap(mpegts: 183_003, local: ms(5000)))
        #expect(reordered?.offset == MediaTime(value: 183_003 - 450_000, timescale: 90_000))
        // Only the header counts: the same line after the header is the start of a block.
        let late = "X-TIMESTAMP-MAP=MPEGTS:0,LOCAL:00:00.000"
        #expect(parseError("WEBVTT\n\n\(late)\n") == SubtitleParseError(line: 3, problem: .missingTiming(late)))
    }

    @Test func malformedTimestampMapsNameTheirLine() {
        let maps = [
            "MPEGTS:900000", "LOCAL:00:00.000", "MPEGTS:abc,LOCAL:00:00.000", "MPEGTS:1,LOCAL:00:00",
            "MPEGTS:-1,LOCAL:00:00.000", "MPEGTS:1234567890123456,LOCAL:00:00.000", "", "MPEGTS=1,LOCAL=00:00.000",
        ]
        for map in maps {
            let line = "X-TIMESTAMP-MAP=\(map)"
            #expect(
                parseError("WEBVTT\nKind: captions\n\(line)\n")
                    == SubtitleParseError(line: 3, problem: .invalidTimestampMap(line)), "\(map)")
        }
    }

    @Test func malformedFilesNameTheLine() {
        for text in ["", "WEBVT", "WEBVTTX\n", "webvtt\n", "\n WEBVTT", "1\n00:00.000 --> 00:01.000\n"] {
            #expect(parseError(text) == SubtitleParseError(line: 1, problem: .missingSignature), "\(text)")
        }
        #expect(
            parseError("WEBVTT\n\n00:00.000 --> 00:01.000\na\n\nid\nno timing\n")
                == SubtitleParseError(line: 6, problem: .missingTiming("id")))
        #expect(
            parseError("WEBVTT\n\nstray text\n") == SubtitleParseError(line: 3, problem: .missingTiming("stray text")))
        #expect(parseError("WEBVTT\n\nid") == SubtitleParseError(line: 3, problem: .missingTiming("id")))
        #expect(
            parseError("WEBVTT\n\nid\n00:02.000 --> 00:01.000\n")
                == SubtitleParseError(line: 4, problem: .endBeforeStart("00:02.000 --> 00:01.000")))
        #expect(
            parseError("WEBVTT\r\n\r\nid\r\n00:00.000 -> 00:01.000\r\n")
                == SubtitleParseError(line: 3, problem: .missingTiming("id")))
        #expect(
            parseError("WEBVTT\r\n\r\n00:00.000 --> 00:01.00\r\n")
                == SubtitleParseError(line: 3, problem: .invalidTiming("00:00.000 --> 00:01.00")))
    }

    @Test func limitsBoundTheInput() {
        let cue = "00:00.000 --> 00:01.000\nx\n\n"
        let text = "WEBVTT\n\n" + String(repeating: cue, count: 3)
        #expect(
            parseError(text, limits: SubtitleLimits(maxCues: 2))
                == SubtitleParseError(line: 9, problem: .limitExceeded(.cues(2))))
        #expect(
            parseError(text, limits: SubtitleLimits(maxBytes: text.utf8.count - 1))
                == SubtitleParseError(line: nil, problem: .limitExceeded(.bytes(text.utf8.count - 1))))
        #expect(
            parseError(
                "WEBVTT\n\n00:00.000 --> 00:01.000\n" + String(repeating: "y", count: 101) + "\n",
                limits: SubtitleLimits(maxLineLength: 100))
                == SubtitleParseError(line: 4, problem: .limitExceeded(.lineLength(100))))
        #expect((try? parse(text, limits: SubtitleLimits(maxBytes: text.utf8.count, maxCues: 3)))?.cues.count == 3)
    }

    @Test func invalidUTF8BecomesReplacementCharacters() throws {
        var data = Data("WEBVTT\n\n00:00.000 --> 00:01.000\na".utf8)
        data.append(contentsOf: [0xFF, 0x62])
        #expect(try WebVTT.parse(data).cues.first?.text == "a\u{FFFD}b")
    }

    @Test func errorsDescribeThemselves() {
        let error = SubtitleParseError(line: 4, problem: .invalidTiming("00:00 --> 00:01"))
        #expect(error.description == "line 4: invalid cue timing \"00:00 --> 00:01\"")
        #expect(
            SubtitleParseError(line: nil, problem: .limitExceeded(.cues(5))).description
                == "file: limit exceeded: more than 5 cues")
    }
}
