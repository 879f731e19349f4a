internal import CSQLite

/// Versions of the persistence libraries Spool is linked against.
public enum PersistenceLibraries {
    /// "SQLite 3.40.1" as reported by the linked library.
    public static var versionSummary: String {
        "SQLite \(String(cString: sqlite3_libversion()))"
    }
}
