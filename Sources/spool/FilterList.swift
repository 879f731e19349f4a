/// mpv's filter-list syntax for `--af` and `--vf`, turned into libavfilter chains: entries
/// separated by commas, each `name`, `name=params`, `lavfi-name=params` or `lavfi=[graph]`,
/// optionally labelled `@label:` (for the IPC's `af remove @label`). Square brackets quote:
/// commas inside them do not separate entries.
///
/// The text is untrusted (command line, spool.conf, IPC): its length and entry count are
/// bounded, control characters are refused, and every refusal is a usage error that names
/// the entry at fault. Whether libavfilter knows the filters is checked later
/// (`FilterCheck`), where the library is opened.
struct FilterEntry: Equatable, Sendable {
    /// The `@label` given, without the `@`.
    let label: String?
    /// The libavfilter graph the entry stands for (`loudnorm=I=-16`, `hflip`).
    let graph: String
    /// The entry as written (for messages and the IPC's `af`/`vf` properties).
    let text: String
}

enum FilterList {
    /// The longest list accepted, in characters.
    static let maxLength = 4096
    /// The most entries accepted in one list.
    static let maxEntries = 32

    /// The entries of `text`; an empty text is an empty list (clears the filters).
    static func parse(_ text: String, for flag: String) throws(PlayOptions.UsageError) -> [FilterEntry] {
        guard text.count <= maxLength else {
            throw PlayOptions.UsageError(description: "\(flag): the filter list is longer than \(maxLength) characters")
        }
        guard !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw PlayOptions.UsageError(description: "\(flag): the filter list contains a control character")
        }
        if text.isEmpty { return [] }
        let pieces = try split(text, for: flag)
        guard pieces.count <= maxEntries else {
            throw PlayOptions.UsageError(description: "\(flag): more than \(maxEntries) filters")
        }
        var entries: [FilterEntry] = []
        for piece in pieces { entries.append(try entry(piece, for: flag)) }
        return entries
    }

    /// `text` cut at the commas outside square brackets.
    static func split(_ text: String, for flag: String) throws(PlayOptions.UsageError) -> [String] {
        var pieces: [String] = []
        var current = ""
        var depth = 0
        for character in text {
            switch character {
            case "[": depth += 1
            case "]":
                depth -= 1
                guard depth >= 0 else {
                    throw PlayOptions.UsageError(description: "\(flag): '\(current)]' has a ']' without its '['")
                }
            case "," where depth == 0:
                pieces.append(current)
                current = ""
                continue
            default: break
            }
            current.append(character)
        }
        guard depth == 0 else {
            throw PlayOptions.UsageError(description: "\(flag): '\(current)' has a '[' without its ']'")
        }
        pieces.append(current)
        return pieces
    }

    private static func entry(_ text: String, for flag: String) throws(PlayOptions.UsageError) -> FilterEntry {
        var rest = Substring(text)
        var label: String?
        if rest.hasPrefix("@") {
            guard let colon = rest.firstIndex(of: ":") else {
                throw PlayOptions.UsageError(description: "\(flag): '\(text)': a label is @NAME: before the filter")
            }
            let name = rest[rest.index(after: rest.startIndex)..<colon]
            guard isName(name) else {
                throw PlayOptions.UsageError(description: "\(flag): '\(text)': '\(name)' is not a label")
            }
            label = String(name)
            rest = rest[rest.index(after: colon)...]
        }
        let equals = rest.firstIndex(of: "=")
        let name = equals.map { rest[..<$0] } ?? rest
        let parameters = equals.map { rest[rest.index(after: $0)...] }
        guard !name.isEmpty else { throw PlayOptions.UsageError(description: "\(flag): an empty filter in '\(text)'") }
        guard isName(name) else {
            throw PlayOptions.UsageError(description: "\(flag): '\(name)' is not a filter name")
        }
        let graph: String
        if name == "lavfi" {
            guard var inner = parameters, !inner.isEmpty else {
                throw PlayOptions.UsageError(description: "\(flag): 'lavfi' needs a graph: lavfi=[GRAPH]")
            }
            if inner.hasPrefix("["), inner.hasSuffix("]") { inner = inner.dropFirst().dropLast() }
            guard !inner.isEmpty else { throw PlayOptions.UsageError(description: "\(flag): 'lavfi=[]' is empty") }
            graph = String(inner)
        } else {
            let filter = name.hasPrefix("lavfi-") ? name.dropFirst("lavfi-".count) : name
            guard !filter.isEmpty else {
                throw PlayOptions.UsageError(description: "\(flag): 'lavfi-' names no filter")
            }
            // Outside lavfi=[…] an entry is one filter: a ';' or a link label would reach into
            // the graph around it.
            if let parameters, parameters.contains(where: { $0 == ";" }) {
                throw PlayOptions.UsageError(description: "\(flag): '\(text)': ';' only inside lavfi=[GRAPH]")
            }
            graph = parameters.map { "\(filter)=\($0)" } ?? String(filter)
        }
        return FilterEntry(label: label, graph: graph, text: text)
    }

    /// Letters, digits, `_` and `-`: what libavfilter's names and mpv's labels are made of.
    private static func isName(_ text: Substring) -> Bool {
        !text.isEmpty && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
    }
}
