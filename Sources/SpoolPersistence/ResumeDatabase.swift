internal import CSQLite
internal import Foundation

/// Opens the resume-position database and brings its settings and schema up to date.
///
/// Layout (schema version 1, stored in `PRAGMA user_version`):
///
///     resume_positions(item_id TEXT PRIMARY KEY, seconds REAL NOT NULL, updated_at REAL NOT NULL)
///
/// `seconds` is the position in the item; `updated_at` is when it was saved, in seconds since
/// 1970, kept for pruning and debugging only.
enum ResumeDatabase {
    /// The schema version this build writes and understands.
    static let schemaVersion: Int64 = 1

    /// How long to wait for another connection's lock before reporting `SQLiteError.busy`.
    static let busyTimeoutMilliseconds: Int32 = 5_000

    /// Opens (creating the file and its parent directories if needed) and prepares the database.
    ///
    /// Durability settings, chosen so positions survive `kill -9` of the process:
    /// - `journal_mode=WAL`: a commit appends to the write-ahead log; a process killed mid-write
    ///   leaves an incomplete log tail that the next open ignores, so readers see exactly the
    ///   committed transactions. It also lets readers run while a save is writing.
    /// - `synchronous=NORMAL`: in WAL mode a commit is in the operating system's page cache
    ///   before `COMMIT` returns, which survives the process dying at any point. Only an OS
    ///   crash or power loss can drop the most recent commits (never corrupting the file).
    ///   `FULL` would fsync on every flush, waking the disk every few seconds of playback to
    ///   protect a position that the next flush replaces anyway.
    static func open(at location: URL) throws(SQLiteError) -> SQLiteDatabase {
        guard location.isFileURL else {
            throw SQLiteError(code: SQLITE_CANTOPEN, message: "not a file URL: \(location)")
        }
        let path = location.path(percentEncoded: false)
        try createParentDirectory(of: location)
        let database = try SQLiteDatabase(path: path)
        try database.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
        // The pragma answers with the mode now in effect; SQLite keeps the old one when it
        // cannot switch (for example on a file system without shared memory support).
        let mode = try queryText(database, "PRAGMA journal_mode=WAL")
        guard mode?.lowercased() == "wal" else {
            throw SQLiteError(
                code: SQLITE_SCHEMA, message: "\(path): journal_mode is \(mode ?? "unknown"), WAL is required")
        }
        try database.execute("PRAGMA synchronous=NORMAL")
        try migrate(database, path: path)
        return database
    }

    /// Creates the schema in a new file; refuses a file written by a newer build rather than
    /// guessing at its layout.
    static func migrate(_ database: SQLiteDatabase, path: String) throws(SQLiteError) {
        // Inside one IMMEDIATE transaction, so two processes opening a new file at the same
        // time cannot both create the schema.
        try database.transaction { () throws(SQLiteError) in
            let version = try queryInteger(database, "PRAGMA user_version")
            switch version {
            case schemaVersion:
                return
            case 0:
                try database.execute(
                    """
                    CREATE TABLE IF NOT EXISTS resume_positions (
                        item_id TEXT PRIMARY KEY,
                        seconds REAL NOT NULL,
                        updated_at REAL NOT NULL
                    );
                    PRAGMA user_version = \(schemaVersion);
                    """)
            default:
                throw SQLiteError(
                    code: SQLITE_SCHEMA,
                    message: "\(path) has schema version \(version); this build understands \(schemaVersion)")
            }
        }
    }

    private static func createParentDirectory(of location: URL) throws(SQLiteError) {
        let directory = location.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            let path = directory.path(percentEncoded: false)
            throw SQLiteError(
                code: SQLITE_CANTOPEN, message: "cannot create directory \(path): \(error.localizedDescription)")
        }
    }

    private static func queryText(_ database: SQLiteDatabase, _ sql: String) throws(SQLiteError) -> String? {
        let statement = try database.prepare(sql)
        return try statement.step() ? statement.text(at: 0) : nil
    }

    private static func queryInteger(_ database: SQLiteDatabase, _ sql: String) throws(SQLiteError) -> Int64 {
        let statement = try database.prepare(sql)
        return try statement.step() ? statement.integer(at: 0) : 0
    }
}
