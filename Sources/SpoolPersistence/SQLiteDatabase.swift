internal import CSQLite

/// One open SQLite connection, closed when the last reference goes away.
///
/// Not thread-safe and deliberately not `Sendable`: SQLite connections are opened with
/// `SQLITE_OPEN_NOMUTEX`, so the owner must confine the connection to one thread at a time.
/// `SQLiteProgressAPI` does that by keeping it inside a `Locked` that is only entered from its
/// serial dispatch queue.
final class SQLiteDatabase {
    /// The `sqlite3*` this object owns; never nil, never shared outside this module's wrappers.
    let handle: OpaquePointer

    /// Opens (creating if needed) the database file at `path`.
    init(path: String) throws(SQLiteError) {
        var opened: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(path, &opened, flags, nil)
        guard let opened else {
            throw SQLiteError(code: SQLITE_NOMEM, message: "no memory to open \(path)")
        }
        guard code == SQLITE_OK else {
            // SQLite hands back a handle even on failure, so the message can be read from it;
            // it must still be closed.
            let error = SQLiteError(code: code, message: "cannot open \(path): \(Self.message(of: opened))")
            sqlite3_close_v2(opened)
            throw error
        }
        handle = opened
    }

    deinit {
        // close_v2 defers the close until outstanding statements are finalized; statements
        // keep this object alive, so by now there are none.
        sqlite3_close_v2(handle)
    }

    /// The error funnel: turns a result code into an `SQLiteError` carrying SQLite's message
    /// and what Spool was doing. Every failing call in this module goes through here.
    func error(_ code: Int32, while action: String) -> SQLiteError {
        SQLiteError(code: code, message: "\(action): \(Self.message(of: handle))")
    }

    /// Throws unless `code` is `SQLITE_OK`.
    func check(_ code: Int32, while action: @autoclosure () -> String) throws(SQLiteError) {
        guard code == SQLITE_OK else { throw error(code, while: action()) }
    }

    /// Runs one or more SQL statements that return no rows of interest.
    func execute(_ sql: String) throws(SQLiteError) {
        try check(sqlite3_exec(handle, sql, nil, nil, nil), while: "executing \(sql)")
    }

    /// Compiles `sql` (one statement) for repeated execution.
    func prepare(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        try SQLiteStatement(database: self, sql: sql)
    }

    /// Waits up to `milliseconds` for another connection's lock instead of failing at once
    /// with `SQLITE_BUSY` (another Spool process, or a user inspecting the file).
    func setBusyTimeout(milliseconds: Int32) throws(SQLiteError) {
        try check(sqlite3_busy_timeout(handle, milliseconds), while: "setting busy timeout")
    }

    /// Runs `body` in one write transaction: all of its changes commit together or none do.
    ///
    /// `BEGIN IMMEDIATE` takes the write lock up front, so a concurrent writer makes this wait
    /// (busy timeout) at the start instead of failing halfway through.
    func transaction<T>(_ body: () throws(SQLiteError) -> T) throws(SQLiteError) -> T {
        try execute("BEGIN IMMEDIATE")
        do throws(SQLiteError) {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            // Best effort: if COMMIT itself failed SQLite may already have rolled back, and the
            // original error is the one worth reporting.
            sqlite3_exec(handle, "ROLLBACK", nil, nil, nil)
            throw error
        }
    }

    private static func message(of handle: OpaquePointer) -> String {
        String(cString: sqlite3_errmsg(handle))
    }
}
