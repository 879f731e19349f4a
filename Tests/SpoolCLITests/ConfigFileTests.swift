import Testing

@testable import spool

/// spool.conf: `name=value` lines, comments, `[profile]` sections, and the lines it cannot
/// read reported with their numbers and skipped.
@Suite("spool.conf parsing")
struct ConfigFileTests {
    @Test("settings, flags, comments, quotes and profiles")
    func wellFormed() {
        let file = ConfigFile.parse(
            """
            # my defaults
            volume=50

              speed = 1.25
            mute
            sub="my file.srt"
            --untimed
            [fast]
            speed=2
            [default]
            loop=inf
            """)
        #expect(file.problems.isEmpty)
        #expect(
            file.general == [
                .init(line: 2, name: "volume", value: "50"), .init(line: 4, name: "speed", value: "1.25"),
                .init(line: 5, name: "mute", value: nil), .init(line: 6, name: "sub", value: "my file.srt"),
                .init(line: 7, name: "untimed", value: nil), .init(line: 11, name: "loop", value: "inf"),
            ])
        #expect(file.profiles == ["fast": [.init(line: 9, name: "speed", value: "2")]])
        #expect(
            file.settings(profile: "fast")?.map(\.name) == [
                "volume", "speed", "mute", "sub", "untimed", "loop", "speed",
            ])
        #expect(file.settings(profile: nil) == file.general)
        #expect(file.settings(profile: "slow") == nil)
    }

    @Test("a bad line is reported with its number and skipped; the lines after it still count")
    func badLines() {
        let file = ConfigFile.parse("speed=2\r\n= 3\r\n[unclosed\r\n[]\r\nvolume=20\r\n!x=1\r\n")
        #expect(file.problems.map(\.line) == [2, 3, 4, 6])
        #expect(file.problems.first?.reason == "expected option=value, found '= 3'")
        #expect(
            file.general == [.init(line: 1, name: "speed", value: "2"), .init(line: 5, name: "volume", value: "20")])
    }

    @Test("an empty section header of a known profile keeps it known")
    func emptyProfile() {
        #expect(ConfigFile.parse("[quiet]\n").settings(profile: "quiet") == [])
    }
}

/// spool.conf and the command line together: the general settings, then the profile's, then
/// the command line, each winning over the one before.
@Suite("spool play: configuration and command line")
struct PlayCommandLineTests {
    static let conf = """
        volume=50
        speed=1.5
        bogus=1
        speed=fast
        [fast]
        speed=2
        mute
        playlist=x.m3u
        """

    static func resolve(_ arguments: [String], conf: String = conf) throws -> PlayCommandLine.Resolved {
        try PlayCommandLine.resolve(arguments) { .init(path: "/home/u/.config/spool/spool.conf", text: conf) }
    }

    @Test("the general settings apply; the bad lines are reported with file:line and skipped")
    func general() throws {
        let resolved = try Self.resolve(["clip.mp4"])
        #expect(resolved.options.volumePercent == 50)
        #expect(resolved.options.speed == 1.5)
        #expect(!resolved.options.isMuted)
        #expect(
            resolved.diagnostics == [
                "/home/u/.config/spool/spool.conf:3: unknown option 'bogus'",
                "/home/u/.config/spool/spool.conf:4: --speed: 'fast' is not a number",
            ])
    }

    @Test("--profile applies the section over the general settings")
    func profileChosen() throws {
        for arguments in [["--profile", "fast", "clip.mp4"], ["clip.mp4", "--profile=fast"]] {
            let resolved = try Self.resolve(arguments)
            #expect(resolved.options.speed == 2)
            #expect(resolved.options.isMuted)
            #expect(resolved.options.volumePercent == 50)
            #expect(resolved.options.sources == [.argument("clip.mp4")], "playlist= in the file is refused")
            #expect(
                resolved.diagnostics.last
                    == "/home/u/.config/spool/spool.conf:8: 'playlist' belongs on the command line, not in spool.conf")
        }
    }

    @Test("the command line wins over the file and the profile")
    func commandLineWins() throws {
        let resolved = try Self.resolve(["--profile", "fast", "--speed=0.75", "--mute=no", "--volume", "80", "c.mp4"])
        #expect(resolved.options.speed == 0.75)
        #expect(!resolved.options.isMuted)
        #expect(resolved.options.volumePercent == 80)
    }

    @Test("--no-config does not read the file")
    func noConfig() throws {
        var read = false
        let options = try PlayCommandLine.resolve(["--no-config", "c.mp4"]) {
            read = true
            return .init(path: "spool.conf", text: "speed=2")
        }.options
        #expect(!read)
        #expect(options.speed == 1)
    }

    @Test("a profile the file lacks, or --profile without a file, is a usage error")
    func missingProfile() {
        #expect(
            throws: PlayOptions.UsageError(
                description: "--profile: /home/u/.config/spool/spool.conf has no [slow] section (it has: fast)")
        ) { try Self.resolve(["--profile", "slow", "c.mp4"]) }
        #expect(throws: PlayOptions.UsageError(description: "--profile fast: there is no spool.conf")) {
            try PlayCommandLine.resolve(["--profile", "fast", "c.mp4"]) { nil }
        }
    }

    @Test("a file full of mistakes is never fatal")
    func neverFatal() throws {
        let resolved = try Self.resolve(["c.mp4"], conf: "[\n=\nspeed\nvolume=500\nvo=tv\n\u{0}\n")
        #expect(resolved.diagnostics.count == 6)
        #expect(resolved.options.speed == 1 && resolved.options.volumePercent == 100)
    }
}
