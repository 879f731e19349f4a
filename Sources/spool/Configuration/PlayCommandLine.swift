/// How `spool play`'s options come together: spool.conf's general settings, then the chosen
/// `[profile]`'s, then the command line, each later one winning, so the command line always
/// has the last word. Bad lines in the file are reported and skipped; only the command line's
/// own mistakes (and a `--profile` the file lacks) stop the program.
enum PlayCommandLine {
    /// spool.conf's text and the path to name in messages.
    struct ConfigSource {
        /// Where the text came from (named in every message about it).
        let path: String
        /// The whole file.
        let text: String
    }

    /// The options to play with and the file's skipped lines as `PATH:LINE: reason` messages.
    struct Resolved {
        /// The merged options; `sources` holds the command line's inputs.
        var options: PlayOptions
        /// One message per skipped spool.conf line, in line order.
        var diagnostics: [String]
    }

    /// Resolves `arguments` (after `spool play`). `loadConfiguration` is called unless
    /// `--no-config` is given, and returns nil when there is no file.
    static func resolve(_ arguments: [String], loadConfiguration: () -> ConfigSource?) throws(PlayOptions.UsageError)
        -> Resolved
    {
        let tokens = try PlayArguments.tokens(arguments)
        var profile: String?
        var readsConfiguration = true
        for case .option(let name, let value) in tokens {
            if name == "profile" { profile = value }
            if name == "no-config" { readsConfiguration = !(try PlayOptions.boolean(value, for: "--no-config")) }
        }
        var options = PlayOptions()
        options.readsConfiguration = readsConfiguration
        var diagnostics: [(line: Int, message: String)] = []
        if readsConfiguration, let source = loadConfiguration() {
            let file = ConfigFile.parse(source.text)
            diagnostics += file.problems.map { ($0.line, "\(source.path):\($0.line): \($0.reason)") }
            guard let settings = file.settings(profile: profile) else {
                let known = file.profiles.keys.sorted().joined(separator: ", ")
                throw PlayOptions.UsageError(
                    description: "--profile: \(source.path) has no [\(profile ?? "")] section"
                        + (known.isEmpty ? "" : " (it has: \(known))"))
            }
            for setting in settings {
                if let reason = apply(setting, to: &options) {
                    diagnostics.append((setting.line, "\(source.path):\(setting.line): \(reason)"))
                }
            }
        } else if let profile {
            let why = readsConfiguration ? "there is no spool.conf" : "--no-config skips spool.conf"
            throw PlayOptions.UsageError(description: "--profile \(profile): \(why)")
        }
        for token in tokens {
            switch token {
            case .option(let name, _) where PlayOptions.commandLineOnlyNames.contains(name): continue
            case .option(let name, let value): try options.set(name, to: value)
            case .input(let input): options.sources.append(.argument(input))
            }
        }
        guard !options.sources.isEmpty || options.idles else {
            throw PlayOptions.UsageError(description: "expected at least one URL or path")
        }
        return Resolved(options: options, diagnostics: diagnostics.sorted { $0.line < $1.line }.map(\.message))
    }

    /// Applies one line of the file; returns why it was skipped, or nil.
    private static func apply(_ setting: ConfigFile.Setting, to options: inout PlayOptions) -> String? {
        if PlayOptions.commandLineOnlyNames.contains(setting.name) || setting.name == "playlist" {
            return "'\(setting.name)' belongs on the command line, not in spool.conf"
        }
        guard PlayOptions.flagNames.contains(setting.name) || PlayOptions.valueNames.contains(setting.name) else {
            return "unknown option '\(setting.name)'"
        }
        // On a copy: a value that fails its check leaves the options as they were.
        var changed = options
        do {
            try changed.set(setting.name, to: setting.value)
        } catch {
            return error.description
        }
        options = changed
        return nil
    }
}
