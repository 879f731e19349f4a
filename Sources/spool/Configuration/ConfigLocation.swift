import Foundation

/// Where spool.conf lives, by the XDG Base Directory rules: `$XDG_CONFIG_HOME/spool/spool.conf`,
/// or `~/.config/spool/spool.conf` when the variable is unset, empty or relative (the spec says
/// to ignore a relative one).
enum ConfigLocation {
    /// The path for `environment` (the process's, in the program).
    static func path(environment: [String: String]) -> String {
        let base: String
        if let configHome = environment["XDG_CONFIG_HOME"], configHome.hasPrefix("/") {
            base = configHome
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            base = home + "/.config"
        } else {
            base = FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".config").path
        }
        return base + "/spool/spool.conf"
    }

    /// The file's text; nil when there is no file (the usual case, not an error). A file that
    /// exists but cannot be read throws.
    static func read(_ path: String) throws -> String? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return String(decoding: data, as: UTF8.self)
    }
}
