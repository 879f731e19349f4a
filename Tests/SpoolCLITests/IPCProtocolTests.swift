import Testing

@testable import spool

/// mpv's JSON IPC, the pure part: JSON in and out, how a line is classified, and the reply
/// objects, byte for byte as mpv writes them.
@Suite("IPC protocol")
struct IPCProtocolTests {
    private func parse(_ text: String) throws -> IPCValue {
        try IPCJSONParser.parse(Array(text.utf8))
    }

    @Test("JSON values: integers stay integers, doubles, strings with escapes, nesting, key order")
    func parsesValues() throws {
        #expect(try parse("42") == .int(42))
        #expect(try parse("-7") == .int(-7))
        #expect(try parse("1.5") == .double(1.5))
        #expect(try parse("2e3") == .double(2000))
        #expect(try parse("99999999999999999999") == .double(1e20))
        #expect(try parse("1e400") == .double(.infinity))
        #expect(try parse(#""a\"b\\c\n\u00e9\ud83c\udfb5""#) == .string("a\"b\\c\né🎵"))
        #expect(try parse(#""\ud800""#) == .string("\u{FFFD}"))
        #expect(
            try parse(#"{"b":1,"a":[true,false,null]}"#)
                == .object([("b", .int(1)), ("a", .array([.bool(true), .bool(false), .null]))]))
        #expect(try parse("[1] trailing") == .array([.int(1)]), "text after the value is ignored, as mpv does")
    }

    @Test(
        "malformed JSON is an error, never a trap",
        arguments: [
            "", "{", "[1,", "[1 2]", "{\"a\"}", "{\"a\":}", "\"open", "tru", "-", "1.", "1e", "{1:2}", "\"\\x\"",
            "\"\\u12\"",
            "[" + String(repeating: "[", count: 100_000),
        ])
    func rejectsMalformed(_ text: String) {
        #expect(throws: IPCJSONParser.Failure.self) { try IPCJSONParser.parse(Array(text.utf8)) }
    }

    @Test("nesting: 51 levels parse, 52 are refused (mpv's json_parse with depth 50)")
    func depthLimit() throws {
        func nested(_ depth: Int) -> String {
            String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        }
        #expect((try? parse(nested(51))) != nil)
        #expect(throws: IPCJSONParser.Failure.self) { try parse(nested(52)) }
    }

    @Test("invalid UTF-8 inside a string becomes U+FFFD")
    func invalidUTF8() throws {
        #expect(try IPCJSONParser.parse([0x22, 0xFF, 0x61, 0x22]) == .string("\u{FFFD}a"))
    }

    @Test("encoding: mpv's %f doubles, escapes, null for non-finite, keys in order")
    func encodes() {
        #expect(IPCValue.double(1.5).json == "1.500000")
        #expect(IPCValue.double(.nan).json == "null")
        #expect(IPCValue.int(-3).json == "-3")
        #expect(IPCValue.string("a\"b\\\n\u{01}é").json == #""a\"b\\\n\u0001é""#)
        #expect(IPCValue.object([("z", .bool(true)), ("a", .array([.null]))]).json == #"{"z":true,"a":[null]}"#)
    }

    @Test("round trip: what is written parses back to the same value")
    func roundTrip() throws {
        let value = IPCValue.object([
            ("s", .string("tab\there \u{7F} \u{1F600}")), ("n", .int(Int64.min)),
            ("l", .array([.object([]), .array([])])),
        ])
        #expect(try parse(value.json) == value)
    }

    @Test("lines: blank and # skipped, { is JSON, anything else a text command")
    func classifies() {
        #expect(IPCLine.classify(Array("   ".utf8)) == .skip)
        #expect(IPCLine.classify(Array("# note".utf8)) == .skip)
        #expect(IPCLine.classify(Array("{oops".utf8)) == .invalid(requestID: nil))
        #expect(IPCLine.classify(Array(#"{"request_id":5}"#.utf8)) == .invalid(requestID: .int(5)))
        #expect(IPCLine.classify(Array(#"{"command":[],"request_id":"x"}"#.utf8)) == .invalid(requestID: .string("x")))
        #expect(IPCLine.classify(Array(#"{"command":[1]}"#.utf8)) == .invalid(requestID: nil))
        #expect(IPCLine.classify(Array(#"{"command":"quit"}"#.utf8)) == .invalid(requestID: nil))
        #expect(
            IPCLine.classify(Array(#"  {"command":["seek",5,"absolute"],"request_id":[1]}"#.utf8))
                == .request(
                    IPCRequest(name: "seek", arguments: [.int(5), .string("absolute")], requestID: .array([.int(1)]))))
        #expect(
            IPCLine.classify(Array(#"set title "a b" # c"#.utf8))
                == .text([.string("set"), .string("title"), .string("a b")]))
    }

    @Test("text commands split like input.conf: quotes, escapes, comments")
    func splitsText() {
        #expect(IPCTextCommand.split("cycle  mute") == ["cycle", "mute"])
        #expect(IPCTextCommand.split(#"loadfile "/a b/c.mp4" append"#) == ["loadfile", "/a b/c.mp4", "append"])
        #expect(IPCTextCommand.split(#"show-text 'x "y"' "a\"b""#) == ["show-text", #"x "y""#, #"a"b"#])
        #expect(IPCTextCommand.split(#"set x """#) == ["set", "x", ""])
        #expect(IPCTextCommand.split("#all comment") == [])
        #expect(IPCTextCommand.split(#""unterminated"#) == ["unterminated"])
    }

    @Test("replies: data, request_id as sent, then error; no request_id when none was sent")
    func replies() {
        #expect(
            IPCClient.reply(.success(.bool(true)), requestID: .int(3))
                == #"{"data":true,"request_id":3,"error":"success"}"#)
        #expect(IPCClient.reply(.success(nil), requestID: nil) == #"{"error":"success"}"#)
        #expect(
            IPCClient.reply(.failure(.propertyUnavailable), requestID: .string("a"))
                == #"{"request_id":"a","error":"property unavailable"}"#)
        #expect(IPCClient.overlongLineReply == #"{"error":"invalid parameter"}"#)
    }

    @Test("events: mpv's names and fields")
    func events() {
        #expect(
            IPCEvent.endFile(entry: 2, reason: .eof).json
                == #"{"event":"end-file","reason":"eof","playlist_entry_id":2}"#)
        #expect(IPCEvent.startFile(entry: 1).json == #"{"event":"start-file","playlist_entry_id":1}"#)
        #expect(IPCEvent.playbackRestart.json == #"{"event":"playback-restart"}"#)
    }
}

/// `--idle` and `--input-ipc-server` on the command line.
@Suite("IPC options")
struct IPCOptionTests {
    @Test("--idle allows no inputs; without it none is a usage error; the socket path is kept")
    func idleWithoutInputs() throws {
        let options = try PlayCommandLine.resolve(
            ["--idle", "--input-ipc-server=/tmp/s.sock"], loadConfiguration: { nil }
        ).options
        #expect(options.idles)
        #expect(options.ipcServerPath == "/tmp/s.sock")
        #expect(options.sources.isEmpty)
        #expect(throws: PlayOptions.UsageError.self) {
            try PlayCommandLine.resolve(["--input-ipc-server=/tmp/s.sock"], loadConfiguration: { nil })
        }
        #expect(throws: PlayOptions.UsageError(description: "--input-ipc-server needs a socket path")) {
            try PlayCommandLine.resolve(["--input-ipc-server=", "x"], loadConfiguration: { nil })
        }
    }
}
