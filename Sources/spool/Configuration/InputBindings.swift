import Foundation

/// input.conf: key bindings as mpv writes them, one `KEY command args…` per line (`#` comments,
/// blank lines), read from `$XDG_CONFIG_HOME/spool/input.conf` unless `--no-config`. A bound
/// key runs its command (mpv's command language: `seek 10`, `cycle pause`, `add volume -5`,
/// `set speed 1.5`, `playlist-next`, `quit`…) instead of its built-in meaning, in the
/// terminal and in the window.
///
/// Keys are named as mpv names them: a printable character (`x`, `X`, `]`), or `SPACE`,
/// `LEFT`, `RIGHT`, `UP`, `DOWN`, `ENTER`, `ESC`, `TAB`, `PGUP`, `PGDWN`. A bad line is reported as
/// `PATH:LINE: reason` and skipped; the file is never fatal.
struct InputBindings: Equatable {
    /// The command line bound to each key name.
    private(set) var commands: [String: String] = [:]

    /// The named keys a binding may use besides printable characters.
    static let namedKeys: Set<String> = [
        "SPACE", "LEFT", "RIGHT", "UP", "DOWN", "ENTER", "ESC", "TAB", "PGUP", "PGDWN",
    ]

    /// The commands a binding may run: what the IPC's text commands accept.
    static let knownCommands: Set<String> = [
        "seek", "cycle", "add", "set", "quit", "stop", "playlist-next", "playlist-prev", "playlist-play-index",
        "loadfile", "screenshot", "frame-step", "frame-back-step", "ab-loop",
    ]

    /// Parses `text` (read from `path`, named in the diagnostics).
    static func parse(_ text: String, path: String) -> (bindings: InputBindings, diagnostics: [String]) {
        var bindings = InputBindings()
        var diagnostics: [String] = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            let parts = line.split(maxSplits: 1, whereSeparator: { $0 == " " || $0 == "\t" })
            let key = String(parts[0])
            let location = "\(path):\(index + 1)"
            guard isKeyName(key) else {
                diagnostics.append("\(location): unknown key '\(key)'; skipped")
                continue
            }
            let command = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : ""
            guard let name = command.split(separator: " ").first.map(String.init), !command.hasPrefix("#") else {
                diagnostics.append("\(location): '\(key)' has no command; skipped")
                continue
            }
            guard knownCommands.contains(name) else {
                diagnostics.append("\(location): unknown command '\(name)'; skipped")
                continue
            }
            bindings.commands[key] = command
        }
        return (bindings, diagnostics)
    }

    /// Whether `key` is a key name a binding can use.
    static func isKeyName(_ key: String) -> Bool {
        if namedKeys.contains(key) { return true }
        guard key.count == 1, let scalar = key.unicodeScalars.first else { return false }
        return scalar.value > 0x20 && scalar.value != 0x7F
    }

    /// The command bound to `key`, if any.
    func command(for key: String) -> String? { commands[key] }

    /// input.conf next to spool.conf.
    static func path(environment: [String: String]) -> String {
        let conf = ConfigLocation.path(environment: environment)
        return (conf as NSString).deletingLastPathComponent + "/input.conf"
    }

    /// The bindings in the user's input.conf (none without one); problems go to `report`.
    static func load(environment: [String: String], report: (String) -> Void) -> InputBindings {
        let path = path(environment: environment)
        do {
            guard let text = try ConfigLocation.read(path) else { return InputBindings() }
            let (bindings, diagnostics) = parse(text, path: path)
            for message in diagnostics { report(message) }
            return bindings
        } catch {
            report("\(path): cannot be read (\(error.localizedDescription)); no key bindings")
            return InputBindings()
        }
    }
}
