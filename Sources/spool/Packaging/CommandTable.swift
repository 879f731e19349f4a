/// `spool --help`'s "commands:" section read back, with each command's own usage text: what
/// the man page and the completions are made of.
struct CommandTable: Equatable {
    /// One subcommand.
    struct Command: Equatable {
        /// The word typed after `spool` (`play`).
        var name: String
        /// The rest of its line in `spool --help` (`[options] URL|PATH|DIR|PLAYLIST...`).
        var synopsis: String
        /// Its description there, continuation lines joined.
        var summary: String
        /// Its own `--help`, when it has one.
        var help: HelpText?
    }

    /// The commands in `spool --help`'s order.
    var commands: [Command] = []
    /// Options of `spool` itself: `--version`, and `--help` (alias `-h`) from the help line.
    var globalOptions: [HelpText.Option] = []

    /// Reads the commands from `mainUsage` (the entries two columns in under "commands:",
    /// deeper lines continuing them); `usages` gives each command's own usage by name.
    init(mainUsage: String, usages: [String: String]) {
        let lines = mainUsage.split(separator: "\n").map(String.init)
        guard let start = lines.firstIndex(where: { HelpText.trimmed($0) == "commands:" }) else { return }
        let entries = lines[(start + 1)...].filter { !HelpText.trimmed($0).isEmpty }
        let entryIndent = entries.map { $0.prefix { $0 == " " }.count }.min() ?? 0
        // Where a continuation line goes: the latest entry, a command or a global option.
        var continues: (inout CommandTable, String) -> Void = { _, _ in }
        for line in entries {
            let body = HelpText.trimmed(line)
            guard line.prefix(while: { $0 == " " }).count == entryIndent else {
                continues(&self, body)
                continue
            }
            let (spec, summary) = Self.split(body)
            let name = String(spec.prefix { $0 != " " && $0 != "," })
            let spellings = spec.split(separator: ",").map { HelpText.trimmed(String($0)) }.filter { $0.hasPrefix("-") }
            if let long = spellings.first {
                globalOptions.append(
                    HelpText.Option(name: long, aliases: Array(spellings.dropFirst()), summary: summary))
            }
            if name.hasPrefix("-") {
                let index = globalOptions.count - 1
                continues = { table, text in table.globalOptions[index].summary += " " + text }
                continue
            }
            let synopsis = HelpText.trimmed(String(spec.dropFirst(name.count)))
            commands.append(
                Command(
                    name: name, synopsis: synopsis, summary: summary,
                    help: usages[name].map { HelpText($0, command: name) }))
            let index = commands.count - 1
            continues = { table, text in
                table.commands[index].summary = [table.commands[index].summary, text].filter { !$0.isEmpty }.joined(
                    separator: " ")
            }
        }
    }

    private static func split(_ body: String) -> (String, String) {
        guard let gap = body.range(of: "  ") else { return (body, "") }
        return (String(body[..<gap.lowerBound]), HelpText.trimmed(String(body[gap.upperBound...])))
    }
}
