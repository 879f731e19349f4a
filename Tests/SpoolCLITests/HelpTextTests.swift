import Testing

@testable import spool

/// The help texts read back as tables: the man page and the completions are made from them,
/// so every option `spool play` accepts must come out of `PlayOptions.usage` with its argument.
@Suite("packaging: help texts as option tables")
struct HelpTextTests {
    @Test("every option spool play accepts has a usage line, and nothing else does")
    func playOptionsMatchTheirNames() {
        let help = HelpText(PlayOptions.usage, command: "play")
        let parsed = Set(help.options.map { String($0.name.dropFirst(2)) })
        let accepted = PlayOptions.flagNames.union(PlayOptions.valueNames).union(PlayOptions.commandLineOnlyNames)
        #expect(accepted.subtracting(parsed).isEmpty, "options without a usage line: \(accepted.subtracting(parsed))")
        #expect(parsed.subtracting(accepted) == ["help"], "usage lines for no option: \(parsed.subtracting(accepted))")
        for option in help.options {
            #expect(!option.summary.isEmpty, "\(option.name) has no description")
            let takesValue =
                PlayOptions.valueNames.contains(String(option.name.dropFirst(2))) || option.name == "--profile"
            #expect((option.argument != nil) == takesValue, "\(option.name): argument \(option.argument ?? "none")")
        }
    }

    @Test("literal values, prefixes and file arguments come from the argument as written")
    func valuesFromArguments() throws {
        let options = Dictionary(
            uniqueKeysWithValues: HelpText(PlayOptions.usage, command: "play").options.map { ($0.name, $0) })
        #expect(try #require(options["--vo"]).values == ["sdl", "null", "framemd5:"])
        #expect(try #require(options["--ao"]).values == ["pulse", "pulse:", "wav:", "null"])
        #expect(try #require(options["--loop"]).values == ["inf"])
        #expect(try #require(options["--sub-lang"]).values == ["off"])
        #expect(try #require(options["--volume"]).values.isEmpty)
        #expect(try #require(options["--sub"]).takesFile)
        #expect(try #require(options["--start"]).takesFile == false)
        // Described on the next line.
        #expect(try #require(options["--ao"]).summary.hasPrefix("audio output (default: PulseAudio"))
        // Two options sharing one line and its description; an alias.
        #expect(try #require(options["--mute"]).summary == "audio volume")
        #expect(try #require(options["--help"]).aliases == ["-h"])
    }

    @Test("the commands section: names, synopses, continuation lines, global options")
    func commandTable() throws {
        let usage = """
            usage: spool <command> [options]

            commands:
              probe [--json] URL|PATH
                           describe a file.
                           more about it.
              devices      list the sinks
              help [COMMAND], --help, -h
                           show this help
              --version    show the version
                           and the libraries'
            """
        let table = CommandTable(mainUsage: usage, usages: ["probe": ProbeCommand.usage])
        #expect(table.commands.map(\.name) == ["probe", "devices", "help"])
        #expect(table.commands[0].synopsis == "[--json] URL|PATH")
        #expect(table.commands[0].summary == "describe a file. more about it.")
        #expect(table.commands[0].help?.options.map(\.name) == ["--json", "--help"])
        #expect(table.commands[1].synopsis.isEmpty && table.commands[1].summary == "list the sinks")
        #expect(table.globalOptions.map(\.name) == ["--help", "--version"])
        #expect(table.globalOptions[1].summary == "show the version and the libraries'")
    }

    @Test("roff escaping: dashes, backslashes and a leading request character")
    func roffEscaping() {
        #expect(ManPage.escape("--vo a\\b") == "\\-\\-vo a\\eb")
        #expect(ManPage.escape(".conf") == "\\&.conf")
    }
}
