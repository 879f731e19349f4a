public import Foundation

extension SQLiteProgressAPI {
    /// Where Spool keeps resume positions for the current user:
    /// `$XDG_STATE_HOME/spool/resume.sqlite3`, or `~/.local/state/spool/resume.sqlite3` when
    /// `XDG_STATE_HOME` is unset, empty or relative (the XDG Base Directory rules).
    ///
    /// Resume positions are state, not configuration or cache: they should survive restarts
    /// but are not worth backing up or syncing, which is what the XDG state directory is for.
    /// Nothing is created until the database is opened.
    public static func defaultLocation() -> URL {
        defaultLocation(environment: ProcessInfo.processInfo.environment)
    }

    /// `defaultLocation()` for a given environment, so the XDG rules can be tested.
    static func defaultLocation(environment: [String: String]) -> URL {
        let stateHome: URL
        if let configured = absolutePath(environment["XDG_STATE_HOME"]) {
            stateHome = URL(filePath: configured, directoryHint: .isDirectory)
        } else {
            let home =
                absolutePath(environment["HOME"]).map { URL(filePath: $0, directoryHint: .isDirectory) }
                ?? FileManager.default.homeDirectoryForCurrentUser
            stateHome = home.appending(components: ".local", "state", directoryHint: .isDirectory)
        }
        return stateHome.appending(components: "spool", "resume.sqlite3", directoryHint: .notDirectory)
    }

    /// The XDG spec says relative paths in these variables are invalid and must be ignored.
    private static func absolutePath(_ value: String?) -> String? {
        guard let value, value.hasPrefix("/") else { return nil }
        return value
    }
}
