/// `spool play`'s command line split into options and inputs, mpv's way: `--name VALUE` and
/// `--name=VALUE` alike, `--flag` or `--flag=yes|no`, and everything after `--` an input.
/// Only splitting happens here; what a name means is `PlayOptions.set(_:to:)`'s business.
enum PlayArguments {
    /// One option or input, in command-line order.
    enum Token: Equatable {
        /// `--name` (value nil) or `--name VALUE` / `--name=VALUE`.
        case option(name: String, value: String?)
        /// A URL, path, directory or playlist to play.
        case input(String)
    }

    /// Options that take a value besides `PlayOptions`' own (they steer reading spool.conf).
    private static let commandLineValueNames: Set<String> = ["profile"]
    private static let commandLineFlagNames: Set<String> = ["no-config"]

    /// Splits `arguments`; an unknown option or a value-taking option at the end is an error.
    static func tokens(_ arguments: [String]) throws(PlayOptions.UsageError) -> [Token] {
        var tokens: [Token] = []
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument == "--" {
                tokens += remaining.map(Token.input)
                break
            }
            guard argument.hasPrefix("--") else {
                guard !argument.hasPrefix("-") || argument == "-" else {
                    throw PlayOptions.UsageError(description: "unknown option '\(argument)'")
                }
                tokens.append(.input(argument))
                continue
            }
            let body = argument.dropFirst(2)
            let name = String(body.prefix { $0 != "=" })
            let inline = body.firstIndex(of: "=").map { String(body[body.index(after: $0)...]) }
            if PlayOptions.flagNames.contains(name) || commandLineFlagNames.contains(name) {
                tokens.append(.option(name: name, value: inline))
            } else if PlayOptions.valueNames.contains(name) || commandLineValueNames.contains(name) {
                guard let value = inline ?? remaining.popFirst() else {
                    throw PlayOptions.UsageError(description: "--\(name) needs a value")
                }
                tokens.append(.option(name: name, value: value))
            } else {
                throw PlayOptions.UsageError(description: "unknown option '--\(name)'")
            }
        }
        return tokens
    }

    /// Whether `--help` or `-h` comes before any `--`: help wins over every other option, even
    /// a wrong one, so a user who asks for help gets it rather than a complaint.
    static func asksForHelp(_ arguments: [String]) -> Bool {
        arguments.prefix { $0 != "--" }.contains { $0 == "--help" || $0 == "-h" }
    }
}
