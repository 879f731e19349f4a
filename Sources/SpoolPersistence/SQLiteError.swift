internal import CSQLite

/// A failure reported by SQLite (or by Spool's SQLite layer), as SQLite's result code plus
/// the message that explains it.
///
/// Every SQLite call in this module funnels its result code through one place, so callers see
/// one error type. Connections use SQLite's primary result codes, so an error compares equal
/// to one of the statics below. Equality and hashing use the code only, so
/// `error == .cantOpen` holds whatever the message says.
public struct SQLiteError: Error, RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// SQLite's primary result code (`SQLITE_CANTOPEN`, `SQLITE_BUSY`…).
    public let rawValue: Int32

    /// A human-readable explanation: SQLite's own message, or what Spool was doing.
    public let message: String

    /// Creates an error for `rawValue` with SQLite's generic description of that code.
    public init(rawValue: Int32) {
        self.init(code: rawValue, message: String(cString: sqlite3_errstr(rawValue)))
    }

    /// Creates an error with a specific message.
    public init(code: Int32, message: String) {
        self.rawValue = code
        self.message = message
    }

    /// "SQLite error 14 (unable to open database file): <message>".
    public var description: String {
        "SQLite error \(rawValue) (\(String(cString: sqlite3_errstr(rawValue)))): \(message)"
    }

    /// Errors are equal when their codes are; the message is an explanation, not an identity.
    public static func == (lhs: SQLiteError, rhs: SQLiteError) -> Bool {
        lhs.rawValue == rhs.rawValue
    }

    /// Hashes the code only, consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(rawValue)
    }

    /// The database file could not be opened or created (missing directory, no permission,
    /// a directory at the path). Also used when Spool cannot create the parent directory.
    public static let cantOpen = SQLiteError(rawValue: SQLITE_CANTOPEN)
    /// Another connection held a lock for longer than the busy timeout.
    public static let busy = SQLiteError(rawValue: SQLITE_BUSY)
    /// The file is not a database, or is damaged.
    public static let notADatabase = SQLiteError(rawValue: SQLITE_NOTADB)
    /// A constraint was violated; Spool also uses it for values it refuses to store.
    public static let constraint = SQLiteError(rawValue: SQLITE_CONSTRAINT)
    /// The database is read-only (file permissions or a read-only file system).
    public static let readOnly = SQLiteError(rawValue: SQLITE_READONLY)
    /// The disk is full.
    public static let full = SQLiteError(rawValue: SQLITE_FULL)
    /// Spool expected a different database layout (an unknown schema version, or a setting
    /// such as WAL mode that SQLite refused).
    public static let schema = SQLiteError(rawValue: SQLITE_SCHEMA)
}
