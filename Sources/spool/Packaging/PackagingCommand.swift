import Foundation
import Spool

/// The hidden commands `make install` and `make deb` generate files with: `spool man` prints
/// spool(1), `spool completions bash|zsh|fish` a completion script. Both read the help texts
/// the user sees, so they list exactly the commands and options `--help` lists.
enum PackagingCommand {
    /// Each command's own usage, by the name `spool --help` lists it under. A command missing
    /// here still gets its line in the man page and its name completed, but none of its
    /// options: the packaging tests compare each command's options with its `--help`.
    static let commandUsages: [String: String] = [
        "play": PlayOptions.usage, "probe": ProbeCommand.usage, "devices": AudioDevices.usage,
        "renderers": RenderersCommand.usage,
        "thumbnail": ThumbnailOptions.usage,
    ]

    /// Runs `spool man` or `spool completions SHELL`; `mainUsage` is `spool --help`'s text.
    /// Exit status 0, or 2 with a message for a missing or unknown shell.
    static func run(_ arguments: [String], mainUsage: String) -> Int32 {
        let table = CommandTable(mainUsage: mainUsage, usages: commandUsages)
        switch arguments.first {
        case "man":
            print(ManPage.render(table, version: SpoolInfo.version), terminator: "")
            return 0
        case "completions":
            let names = ShellCompletions.Shell.allCases.map(\.rawValue).joined(separator: "|")
            guard arguments.count == 2, let shell = ShellCompletions.Shell(rawValue: arguments[1]) else {
                StandardError.report("usage: spool completions \(names)")
                return 2
            }
            print(ShellCompletions.script(for: shell, table), terminator: "")
            return 0
        default:
            return 2
        }
    }
}
