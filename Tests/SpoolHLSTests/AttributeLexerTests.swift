import Testing

@testable import SpoolHLS

/// Splitting attribute lists, and the column-precise syntax errors.
@Suite struct AttributeLexerTests {
    private func lex(_ text: String) throws(AttributeSyntaxError) -> [Attribute] {
        let bytes = Array(text.utf8)
        return try AttributeLexer.lex(bytes, 0..<bytes.count, lineStart: 0)
    }

    @Test func splitsQuotedAndUnquotedValues() throws {
        let attributes = try lex(
            #"BANDWIDTH=1280000,CODECS="avc1.4d401e,mp4a.40.2",RESOLUTION=640x360,HDCP-LEVEL=TYPE-0"#)
        #expect(
            attributes == [
                Attribute(name: "BANDWIDTH", value: "1280000", isQuoted: false),
                Attribute(name: "CODECS", value: "avc1.4d401e,mp4a.40.2", isQuoted: true),
                Attribute(name: "RESOLUTION", value: "640x360", isQuoted: false),
                Attribute(name: "HDCP-LEVEL", value: "TYPE-0", isQuoted: false),
            ])
    }

    @Test func toleratesBlanksAroundAttributesAndATrailingComma() throws {
        let attributes = try lex(#" A=1 , B="x y" ,C=-0.5,"#)
        #expect(attributes.map(\.name) == ["A", "B", "C"])
        #expect(attributes.map(\.value) == ["1", "x y", "-0.5"])
        #expect(try lex("").isEmpty)
        #expect(try lex(#"A="""#) == [Attribute(name: "A", value: "", isQuoted: true)])
    }

    @Test(arguments: [
        ("A=1,=2", 5, AttributeSyntaxError.Reason.emptyName),
        ("a=1", 1, .invalidNameCharacter("a")),
        ("A", 1, .missingEquals),
        ("A=1,B", 5, .missingEquals),
        ("A B", 1, .missingEquals),
        ("A B=1", 2, .invalidNameCharacter(" ")),
        ("A=1,URI =2", 8, .invalidNameCharacter(" ")),
        ("A=", 3, .emptyValue),
        ("A=1,B=,C=2", 7, .emptyValue),
        (#"A="x"#, 3, .unterminatedQuotedString),
        (#"A="x"y"#, 6, .characterAfterQuotedString("y")),
        ("A=x y", 4, .invalidValueCharacter(" ")),
        (#"A=x"y"#, 4, .invalidValueCharacter("\"")),
        ("A=1,A=2", 5, .duplicateAttribute("A")),
        ("NAME\u{E9}=1", 5, .invalidNameCharacter("\u{E9}")),
    ])
    func reportsTheColumnAndReason(text: String, column: Int, reason: AttributeSyntaxError.Reason) {
        #expect(throws: AttributeSyntaxError(column: column, reason: reason)) { try lex(text) }
    }

    @Test("a bad attribute name is reported as what it is, with what names may contain")
    func badNameMessagesSayWhatIsWrong() {
        let lowercase = parseError(mediaText(#"#EXT-X-KEY:METHOD=NONE,uri="key""#))
        #expect(
            lowercase?.description
                == "line 3: EXT-X-KEY: column 24: 'u' in an attribute name (names are A–Z, 0–9 and '-' only; write it in upper case)"
        )
        let blank = parseError(mediaText(#"#EXT-X-KEY:METHOD =NONE"#))
        #expect(
            blank?.description
                == "line 3: EXT-X-KEY: column 18: whitespace in an attribute name (names are A–Z, 0–9 and '-' only; no blanks before '=')"
        )
    }

    @Test func playlistErrorsCarryTheColumnWithinTheLine() {
        let error = parseError(mediaText(#"#EXT-X-KEY:METHOD=AES-128,URI="key"#))
        #expect(
            error
                == PlaylistParseError(
                    line: 3,
                    problem: .attributeSyntax(tag: "EXT-X-KEY", .init(column: 31, reason: .unterminatedQuotedString))))
        #expect(error?.description == "line 3: EXT-X-KEY: column 31: unterminated quoted-string")
    }

    @Test func typedAccessorsNameTheExpectedKind() {
        let cases: [(String, String, AttributeValueKind, String)] = [
            ("#EXT-X-STREAM-INF:BANDWIDTH=12a", "BANDWIDTH", .decimalInteger, "12a"),
            (#"#EXT-X-STREAM-INF:BANDWIDTH="1""#, "BANDWIDTH", .decimalInteger, #""1""#),
            ("#EXT-X-STREAM-INF:BANDWIDTH=1,CODECS=avc1", "CODECS", .quotedString, "avc1"),
            ("#EXT-X-STREAM-INF:BANDWIDTH=1,RESOLUTION=1920", "RESOLUTION", .resolution, "1920"),
            ("#EXT-X-STREAM-INF:BANDWIDTH=1,FRAME-RATE=-30", "FRAME-RATE", .decimalFloat, "-30"),
            (
                "#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID=\"a\",NAME=\"n\",DEFAULT=yes", "DEFAULT",
                .enumeratedString(["YES", "NO"]), "yes"
            ),
            (
                "#EXT-X-MEDIA:TYPE=MUSIC,GROUP-ID=\"a\",NAME=\"n\"", "TYPE",
                .enumeratedString(["AUDIO", "VIDEO", "SUBTITLES", "CLOSED-CAPTIONS"]), "MUSIC"
            ),
        ]
        for (line, attribute, kind, found) in cases {
            let tag = String(line.dropFirst().prefix { $0 != ":" })
            let error = parseError("#EXTM3U\n" + line + "\nv.m3u8\n")
            #expect(
                error
                    == PlaylistParseError(
                        line: 2,
                        problem: .invalidAttributeValue(tag: tag, attribute: attribute, expected: kind, found: found)),
                "\(line)")
        }
    }
}
