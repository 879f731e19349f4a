internal import CSQLite

/// One compiled SQL statement, finalized when the last reference goes away.
///
/// Holds its `SQLiteDatabase` strongly, so the connection cannot close under it; confined to
/// the same thread as that connection.
final class SQLiteStatement {
    private let handle: OpaquePointer
    private let database: SQLiteDatabase
    private let sql: String

    init(database: SQLiteDatabase, sql: String) throws(SQLiteError) {
        var prepared: OpaquePointer?
        let code = sqlite3_prepare_v2(database.handle, sql, -1, &prepared, nil)
        guard code == SQLITE_OK, let prepared else {
            throw database.error(code == SQLITE_OK ? SQLITE_MISUSE : code, while: "preparing \(sql)")
        }
        self.handle = prepared
        self.database = database
        self.sql = sql
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Binds `text` to the 1-based parameter `index`. SQLite copies it, and the explicit
    /// byte count keeps strings with embedded NUL characters intact.
    func bind(_ text: String, at index: Int32) throws(SQLiteError) {
        let code = text.utf8CString.withUnsafeBufferPointer { bytes in
            // utf8CString ends with a NUL terminator that is not part of the text.
            sqlite3_bind_text(handle, index, bytes.baseAddress, Int32(bytes.count - 1), csqlite_transient())
        }
        try database.check(code, while: "binding parameter \(index) of \(sql)")
    }

    /// Binds `value` to the 1-based parameter `index`.
    func bind(_ value: Double, at index: Int32) throws(SQLiteError) {
        try database.check(sqlite3_bind_double(handle, index, value), while: "binding parameter \(index) of \(sql)")
    }

    /// Advances to the next row: `true` when a row is available, `false` when the statement
    /// has finished.
    func step() throws(SQLiteError) -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw database.error(code, while: "running \(sql)")
        }
    }

    /// Makes the statement ready to run again with new bindings.
    func reset() {
        // reset's return code repeats the last step's error, which was already thrown.
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// Column `index` (0-based) of the current row as a number.
    func double(at index: Int32) -> Double {
        sqlite3_column_double(handle, index)
    }

    /// Column `index` (0-based) of the current row as an integer.
    func integer(at index: Int32) -> Int64 {
        sqlite3_column_int64(handle, index)
    }

    /// Column `index` (0-based) of the current row as text, or `nil` for SQL NULL.
    func text(at index: Int32) -> String? {
        guard let bytes = sqlite3_column_text(handle, index) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, index))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }
}
