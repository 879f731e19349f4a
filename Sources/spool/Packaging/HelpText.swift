/// A command's `--help` text read back as a table: its synopsis, its prose and its options.
/// The man page and the shell completions are generated from these tables, never from a list
/// of their own, so an option that `--help` shows reaches them, and one it does not show
/// cannot (the packaging tests check every parsed name against `PlayOptions`' names).
struct HelpText: Equatable {
    /// One option as a usage line states it: `--vo sdl|null|framemd5:FILE   video output`.
    struct Option: Equatable {
        /// The long name with its dashes (`--vo`).
        var name: String
        /// Other spellings on the same line (`-h` for `--help`).
        var aliases: [String] = []
        /// The argument as written (`sdl|null|framemd5:FILE`), `nil` for a flag.
        var argument: String?
        /// What the option does, continuation lines joined.
        var summary: String

        /// The literal values the argument lists: lowercase words (`sdl`, `inf`, `off`) and
        /// value prefixes (`framemd5:` from `framemd5:FILE`, `pulse:` from `pulse[:SINK]`).
        /// Placeholders in capitals (`N`, `FILE`, `WxH`) and ranges (`0-100`) are not values.
        var values: [String] {
            guard let argument else { return [] }
            var values: [String] = []
            for alternative in argument.split(separator: "|").map(String.init) {
                // `pulse[:SINK]` is `pulse` and `pulse:SINK`.
                var spellings = [alternative]
                if let open = alternative.firstIndex(of: "["), let close = alternative.firstIndex(of: "]") {
                    let inner = alternative[alternative.index(after: open)..<close]
                    spellings = [String(alternative[..<open]), String(alternative[..<open]) + inner]
                }
                for spelling in spellings {
                    let head = spelling.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
                    guard let word = head.first, Self.isLiteral(word) else { continue }
                    values.append(head.count > 1 ? "\(word):" : String(word))
                }
            }
            return values
        }

        /// Whether the argument is a file name (`FILE`), so shells complete paths for it.
        var takesFile: Bool { argument == "FILE" }

        private static func isLiteral(_ word: Substring) -> Bool {
            guard let first = word.first, first.isLowercase, first.isLetter else { return false }
            return word.allSatisfy { ($0.isLowercase && $0.isLetter) || $0.isNumber || $0 == "-" }
        }
    }

    /// The first line without the leading `spool COMMAND` (`[--json] URL|PATH`).
    var synopsis: String
    /// The lines that are neither the synopsis nor an option, trimmed.
    var prose: [String] = []
    /// The options in the order the text lists them.
    var options: [Option] = []

    /// Reads a usage text such as `PlayOptions.usage`: the first line is the synopsis,
    /// a line starting with `-` lists one or more comma-separated options, the description
    /// after two or more spaces or, when none follows, on the next, deeper-indented line.
    init(_ text: String, command: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let first = lines.first ?? ""
        let prefix = "spool \(command)"
        synopsis = first.hasPrefix(prefix) ? Self.trimmed(String(first.dropFirst(prefix.count))) : first
        var optionIndent: Int?
        // The options of the latest option line: a continuation line describes all of them.
        var group = 0..<0
        for line in lines.dropFirst() where !Self.trimmed(line).isEmpty {
            let indent = line.prefix { $0 == " " }.count
            let body = Self.trimmed(line)
            if body.hasPrefix("-") {
                optionIndent = indent
                let parsed = Self.options(in: body)
                group = options.count..<(options.count + parsed.count)
                options += parsed
            } else if let optionIndent, indent > optionIndent + 4, !group.isEmpty {
                // A description on its own line, under the option column.
                for index in group {
                    options[index].summary = [options[index].summary, body].filter { !$0.isEmpty }.joined(
                        separator: " ")
                }
            } else {
                prose.append(body)
            }
        }
    }

    /// `--volume 0-100, --mute        audio volume`: two options sharing the description;
    /// `--help, -h`: one option and its short alias.
    private static func options(in body: String) -> [Option] {
        let (spec, summary) = split(body)
        var options: [Option] = []
        for item in spec.split(separator: ",").map({ trimmed(String($0)) }) {
            let parts = item.split(separator: " ", maxSplits: 1).map(String.init)
            guard let name = parts.first else { continue }
            if !name.hasPrefix("--"), !options.isEmpty {
                options[options.count - 1].aliases.append(name)
            } else {
                options.append(Option(name: name, argument: parts.count > 1 ? parts[1] : nil, summary: summary))
            }
        }
        return options
    }

    /// The option part and the description, split at the first run of two or more spaces.
    private static func split(_ body: String) -> (spec: String, summary: String) {
        guard let gap = body.range(of: "  ") else { return (body, "") }
        return (String(body[..<gap.lowerBound]), trimmed(String(body[gap.upperBound...])))
    }

    static func trimmed(_ text: String) -> String {
        String(text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
