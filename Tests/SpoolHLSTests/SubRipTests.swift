import Foundation
import SpoolCore
import Testing

@testable import SpoolHLS

/// SRT parsing: cues, the quirks real files have, malformed input and limits.
@Suite struct SubRipTests {
    private func parse(_ text: String, limits: SubtitleLimits = .default) throws -> [SubtitleCue] {
        try SubRip.parse(Data(text.utf8), limits: limits)
    }

    private func parseError(
        _ text: String, limits: SubtitleLimits = .default, sourceLocation: SourceLocation = #_sourceLocation
    ) -> SubtitleParseError? {
        #expect(throws: SubtitleParseError.self, sourceLocation: sourceLocation) {
            try SubRip.parse(Data(text.utf8), limits: limits)
        }
    }

    private func cue(_ identifier: String?, _ start: Int64, _ end: Int64, _ text: String) -> SubtitleCue {
        SubtitleCue(
            identifier: identifier, start: MediaTime(value: start, timescale: 1000),
            end: MediaTime(value: end, timescale: 1000), text: text)
    }

    @Test func parsesCues() throws {
        let text = """
            1
            00:00:01,000 --> 00:00:02,500
            Hello, <i>world</i>   \t
            {\\an8}second line

            2
            01:02:03,004 --> 01:02:05,000
            Bye

            """
        #expect(
            try parse(text) == [
                cue("1", 1000, 2500, "Hello, <i>world</i>\n{\\an8}second line"), cue("2", 3_723_004, 3_725_000, "Bye"),
            ])
    }

    @Test func toleratesByteOrderMarkLineEndsAndMissingIndexes() throws {
        for end in ["\n", "\r\n", "\r"] {
            let lines = [
                "\u{FEFF}00:00:01,000 --> 00:00:02,000", "a", "", "", "7",
                "00:00:03.5 --> 00:00:04,25 X1:10 X2:20 Y1:1",
                "b", "",
            ]
            #expect(
                try parse(lines.joined(separator: end)) == [cue(nil, 1000, 2000, "a"), cue("7", 3500, 4250, "b")],
                "\(end.debugDescription)")
        }
        // One-digit hours and fraction, minutes and seconds without hours, a cue with no text.
        #expect(try parse("1\n0:00:03,4 --> 00:04,000\n\n") == [cue("1", 3400, 4000, "")])
        // Spaces around an index are not part of it.
        #expect(try parse(" 12 \n00:00:01,000 --> 00:00:02,000\na\n") == [cue("12", 1000, 2000, "a")])
    }

    @Test func aTimingLineStartsACueEvenWithoutABlankLine() throws {
        let withIndexes = "1\n00:00:01,000 --> 00:00:02,000\na\n2\n00:00:03,000 --> 00:00:04,000\nb\n3\n"
        #expect(try parse(withIndexes) == [cue("1", 1000, 2000, "a"), cue("2", 3000, 4000, "b\n3")])
        let withoutIndexes = "00:00:01,000 --> 00:00:02,000\na\n00:00:03,000 --> 00:00:04,000\nb"
        #expect(try parse(withoutIndexes) == [cue(nil, 1000, 2000, "a"), cue(nil, 3000, 4000, "b")])
        // An arrow in the text that is not a timing line is text.
        #expect(
            try parse("1\n00:00:01,000 --> 00:00:02,000\nhe said --> go\n00:03 --> 00:04\n")
                == [cue("1", 1000, 2000, "he said --> go\n00:03 --> 00:04")])
    }

    @Test func strayLinesOutsideCuesAreSkipped() throws {
        let text = """
            Subtitles by someone

            1
            00:00:01,000 --> 00:00:02,000
            a

            a second paragraph after a blank line
            42
            not a timing line
            2
            00:00:03,000 --> 00:00:04,000
            b

            The End
            99

            """
        #expect(try parse(text) == [cue("1", 1000, 2000, "a"), cue("2", 3000, 4000, "b")])
        #expect(try parse("").isEmpty)
        #expect(try parse("\n \r\n\t\n").isEmpty)
    }

    @Test func nonUTF8FilesAreReadAsLatin1() throws {
        var data = Data([0xEF, 0xBB, 0xBF])
        data.append(contentsOf: Array("1\n00:00:01,000 --> 00:00:02,000\ncaf".utf8) + [0xE9, 0x0A])
        #expect(try SubRip.parse(data) == [cue("1", 1000, 2000, "café")])
        #expect(try parse("1\n00:00:01,000 --> 00:00:02,000\ncafé\n") == [cue("1", 1000, 2000, "café")])
    }

    @Test func malformedFilesNameTheLine() {
        #expect(
            parseError("1\n00:00:01 --> 00:00:02\n")
                == SubtitleParseError(line: 2, problem: .invalidTiming("00:00:01 --> 00:00:02")))
        #expect(
            parseError("1\n00:00:01,000 --> 00:00:02,000\na\n\n2\n00:00:61,000 --> 00:01:02,000\nb\n")
                == SubtitleParseError(line: 6, problem: .invalidTiming("00:00:61,000 --> 00:01:02,000")))
        #expect(
            parseError("\r\n00:00:05,000 --> 00:00:01,000\r\n")
                == SubtitleParseError(line: 2, problem: .endBeforeStart("00:00:05,000 --> 00:00:01,000")))
        #expect(
            parseError("1\n00:00:01,000 -> 00:00:02,000\ntext\n") == SubtitleParseError(line: nil, problem: .noCues))
        #expect(parseError("WEBVTT\n\nnot srt at all\n") == SubtitleParseError(line: nil, problem: .noCues))
        let hours = "1\n1234567890:00:00,000 --> 1234567890:00:01,000\n"
        #expect(parseError(hours)?.problem == .invalidTiming("1234567890:00:00,000 --> 1234567890:00:01,000"))
    }

    @Test func limitsBoundTheInput() throws {
        let text = (1...3).map { "\($0)\n00:00:0\($0),000 --> 00:00:0\($0),500\nx\n\n" }.joined()
        #expect(
            parseError(text, limits: SubtitleLimits(maxCues: 2))
                == SubtitleParseError(line: 10, problem: .limitExceeded(.cues(2))))
        #expect(
            parseError(text, limits: SubtitleLimits(maxBytes: 10))
                == SubtitleParseError(line: nil, problem: .limitExceeded(.bytes(10))))
        #expect(
            parseError(text + String(repeating: "y", count: 65), limits: SubtitleLimits(maxLineLength: 64))
                == SubtitleParseError(line: 13, problem: .limitExceeded(.lineLength(64))))
        #expect(try parse(text, limits: SubtitleLimits(maxBytes: text.utf8.count, maxCues: 3)).count == 3)
        // Cues without blank lines between them are counted the same way.
        let packed = (1...3).map { "00:00:0\($0),000 --> 00:00:0\($0),500\nx\n" }.joined()
        #expect(parseError(packed, limits: SubtitleLimits(maxCues: 2))?.problem == .limitExceeded(.cues(2)))
    }

    @Test func manyCuesWithoutBlankLinesNeedNoDeepStack() throws {
        // Cues that follow each other without a blank line are parsed in a loop: a recursive
        // parser would overflow a test thread's stack here.
        let count = 50_000
        let text = String(repeating: "7\n00:00:01,000 --> 00:00:02,000\nx\n", count: count)
        let cues = try parse(text)
        #expect(cues.count == count)
        #expect(cues.allSatisfy { $0.identifier == "7" && $0.text == "x" })
    }
}
