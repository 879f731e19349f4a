internal import Dispatch
public import Foundation
public import SpoolCore
internal import Synchronization

/// Stores resume positions in a local SQLite database: the default `ProgressAPI` on Linux.
///
/// Guarantees:
/// - A `save` is one transaction: after it returns every position in the batch is stored;
///   after it throws none of them is (earlier saves are untouched).
/// - A saved position survives the process being killed with SIGKILL at any moment after
///   `save` returned (WAL journal, see `ResumeDatabase.open`); a power loss may drop the
///   most recent saves but never corrupts the file.
/// - Only finite, non-negative positions are stored; a batch containing anything else is
///   rejected whole with `SQLiteError.constraint` before the database is touched.
/// - SQLite is never called on Swift's cooperative thread pool: every call runs on a private
///   serial dispatch queue, so a slow disk or a lock held by another process cannot starve
///   other tasks. `save` and `position(for:)` are safe to call from any task concurrently.
/// - A save runs to completion even if the calling task is cancelled; abandoning it halfway
///   would only make the caller retry the same batch.
public final class SQLiteProgressAPI: ProgressAPI {
    /// The database file.
    public let location: URL

    /// The connection. The queue serialises access; the mutex is what lets the compiler
    /// prove that, without unchecked sendability, and is never contended.
    private let connection: Locked<SQLiteDatabase>
    private let queue: DispatchQueue

    private static let upsertSQL = """
        INSERT INTO resume_positions (item_id, seconds, updated_at) VALUES (?1, ?2, ?3)
        ON CONFLICT (item_id) DO UPDATE SET seconds = excluded.seconds, updated_at = excluded.updated_at
        """

    /// Opens the database at `location`, creating it and its parent directories if needed.
    ///
    /// Throws `SQLiteError.cantOpen` (with the reason in its message) when the directory or
    /// file cannot be created or opened, `SQLiteError.notADatabase` for a file that is not
    /// SQLite, and `SQLiteError.schema` for a database written by a newer Spool.
    public init(at location: URL) async throws(SQLiteError) {
        let queue = DispatchQueue(label: "spool.persistence.sqlite", qos: .utility)
        let opened = await withCheckedContinuation { continuation in
            queue.async {
                continuation.resume(
                    returning: Result { () throws(SQLiteError) in try ResumeDatabase.open(at: location) })
            }
        }
        self.location = location
        self.queue = queue
        self.connection = Locked(try opened.get())
    }

    /// Stores every position in `batch` in one transaction, replacing older positions of the
    /// same items.
    ///
    /// Throws `SQLiteError.constraint` for a non-finite or negative position (nothing is
    /// stored), or the SQLite error that stopped the transaction (nothing is stored either).
    public func save(_ batch: [ItemID: Double]) async throws(SQLiteError) {
        if let (itemID, seconds) = batch.first(where: { !$0.value.isFinite || $0.value < 0 }) {
            throw SQLiteError(
                code: SQLiteError.constraint.rawValue,
                message: "refusing to store position \(seconds) for \(itemID): not a finite, non-negative number")
        }
        guard !batch.isEmpty else { return }
        let savedAt = Date().timeIntervalSince1970
        try await perform { database throws(SQLiteError) in
            try database.transaction { () throws(SQLiteError) in
                let upsert = try database.prepare(Self.upsertSQL)
                for (itemID, seconds) in batch {
                    try upsert.bind(itemID.rawValue, at: 1)
                    try upsert.bind(seconds, at: 2)
                    try upsert.bind(savedAt, at: 3)
                    _ = try upsert.step()
                    upsert.reset()
                }
            }
        }
    }

    /// The stored position of `itemID` in seconds, or `nil` when none is stored.
    public func position(for itemID: ItemID) async throws(SQLiteError) -> Double? {
        try await perform { database throws(SQLiteError) in
            let query = try database.prepare("SELECT seconds FROM resume_positions WHERE item_id = ?1")
            try query.bind(itemID.rawValue, at: 1)
            return try query.step() ? query.double(at: 0) : nil
        }
    }

    /// Runs `work` with the connection on the private queue and waits for its result without
    /// blocking a cooperative thread.
    func perform<T: Sendable>(
        _ work: @escaping @Sendable (SQLiteDatabase) throws(SQLiteError) -> T
    ) async throws(SQLiteError) -> T {
        let result = await withCheckedContinuation { continuation in
            queue.async {
                let result = self.connection.withLock { database in
                    Result { () throws(SQLiteError) in try work(database) }
                }
                continuation.resume(returning: result)
            }
        }
        return try result.get()
    }
}
