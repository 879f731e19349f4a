import Testing

@testable import spool

/// `spool play`'s options: `--name VALUE` and `--name=VALUE` mean the same, flags take
/// yes/no, and every option the parser knows is documented in the usage.
@Suite("spool play: option parsing")
struct PlayOptionParsingTests {
    /// A valid value for every value-taking option; the test below fails when an option is
    /// added without one, so no option escapes the two-forms check.
    static let sampleValues: [String: String] = [
        "vo": "framemd5:out.txt", "ao": "wav:out.wav", "audio-device": "sink_1", "start": "90", "frames": "12",
        "decoder-threads": "2", "speed": "1.5", "volume": "40", "loop": "3", "events": "ev.jsonl",
        "ab-loop-a": "2", "ab-loop-b": "5.5", "ab-loop-count": "2",
        "audio-delay": "0.5", "sub-delay": "-1", "af": "lavfi=[loudnorm=I=-16]", "vf": "hflip",
        "deinterlace": "yes", "hr-seek": "yes", "replaygain": "album", "replaygain-preamp": "-2.5",
        "mpris-name": "kiosk_1", "max-bitrate": "800000", "max-resolution": "1280x720", "buffer": "12",
        "variant": "2", "audio-lang": "pt-BR", "sub-lang": "en", "sub": "a=b.srt", "playlist": "list.m3u",
        "input-ipc-server": "/tmp/spool.sock", "geometry": "1280x720", "wid": "0x1a00007",
    ]

    static func parse(_ arguments: [String]) throws -> PlayOptions {
        try PlayCommandLine.resolve(arguments, loadConfiguration: { nil }).options
    }

    @Test("every value option has a sample value")
    func everyOptionHasASample() {
        #expect(Set(Self.sampleValues.keys) == PlayOptions.valueNames)
    }

    @Test(
        "--name VALUE and --name=VALUE give the same options, for every option",
        arguments: sampleValues.sorted { $0.key < $1.key })
    func bothForms(name: String, value: String) throws {
        let separate = try Self.parse(["--\(name)", value, "clip.mp4"])
        let joined = try Self.parse(["--\(name)=\(value)", "clip.mp4"])
        #expect(separate == joined)
        #expect(separate != (try Self.parse(["clip.mp4"])), "--\(name) \(value) changed nothing")
    }

    @Test("--hr-seek: exact key seeks up to 10 s by default, all with yes, none with no; others refused")
    func hrSeek() throws {
        #expect(try Self.parse(["x"]).exactSeekLimit == 10)
        #expect(try Self.parse(["--hr-seek=no", "--hr-seek=default", "x"]).exactSeekLimit == 10)
        #expect(try Self.parse(["--hr-seek=yes", "x"]).exactSeekLimit == .infinity)
        #expect(try Self.parse(["--hr-seek", "no", "x"]).exactSeekLimit == 0)
        #expect(throws: PlayOptions.UsageError(description: "--hr-seek: 'absolute' is not default, yes or no")) {
            try Self.parse(["--hr-seek=absolute", "x"])
        }
    }

    @Test("a value may contain '=': only the first one splits")
    func valueWithEquals() throws {
        #expect(try Self.parse(["--sub=a=b.srt", "x"]).subtitlePath == "a=b.srt")
        #expect(try Self.parse(["--vo=framemd5:k=v.txt", "x"]).video == .frameMD5(path: "k=v.txt"))
    }

    @Test("flags: bare is on, =yes/=no set and clear, the last one wins", arguments: PlayOptions.flagNames.sorted())
    func flags(name: String) throws {
        let plain = try Self.parse(["x"])
        let bare = try Self.parse(["--\(name)", "x"])
        #expect(bare != plain, "--\(name) changed nothing")
        #expect(try Self.parse(["--\(name)=yes", "x"]) == bare)
        #expect(try Self.parse(["--\(name)=no", "x"]) == plain)
        #expect(try Self.parse(["--\(name)", "--\(name)=no", "x"]) == plain)
    }

    @Test("values are checked in both forms, with the option named")
    func badValues() {
        for arguments in [["--speed=9", "x"], ["--speed", "9", "x"]] {
            #expect(throws: PlayOptions.UsageError(description: "--speed must be from 0.5 to 4")) {
                try Self.parse(arguments)
            }
        }
        #expect(throws: PlayOptions.UsageError(description: "--mute: 'maybe' is not yes or no")) {
            try Self.parse(["--mute=maybe", "x"])
        }
        #expect(throws: PlayOptions.UsageError(description: "--volume needs a value")) { try Self.parse(["--volume"]) }
        #expect(throws: PlayOptions.UsageError(description: "unknown option '--bogus'")) {
            try Self.parse(["--bogus=1", "x"])
        }
        #expect(throws: PlayOptions.UsageError(description: "unknown option '-x'")) { try Self.parse(["-x", "a"]) }
        #expect(throws: PlayOptions.UsageError(description: "expected at least one URL or path")) {
            try Self.parse(["--mute"])
        }
    }

    @Test("inputs and --playlist keep their order; after --, everything is an input")
    func inputsInOrder() throws {
        let options = try Self.parse(["a.mp4", "--playlist=l.m3u", "b.mp4", "--", "--mute", "-h"])
        #expect(
            options.sources == [
                .argument("a.mp4"), .playlist("l.m3u"), .argument("b.mp4"), .argument("--mute"), .argument("-h"),
            ])
        #expect(!options.isMuted)
    }

    @Test("--help and -h are found before --, whatever else is on the line")
    func help() {
        #expect(PlayArguments.asksForHelp(["--help"]))
        #expect(PlayArguments.asksForHelp(["--bogus", "-h", "x"]))
        #expect(PlayArguments.asksForHelp(["--speed", "9", "--help"]))
        #expect(!PlayArguments.asksForHelp(["--", "--help"]))
        #expect(!PlayArguments.asksForHelp(["help.mp4"]))
    }

    @Test("the usage documents every option")
    func usageDocumentsEveryOption() {
        let names = PlayOptions.flagNames.union(PlayOptions.valueNames).union(PlayOptions.commandLineOnlyNames)
        for name in names.sorted() {
            #expect(PlayOptions.usage.contains("--\(name)"), "--\(name) is missing from the usage")
        }
    }
}
