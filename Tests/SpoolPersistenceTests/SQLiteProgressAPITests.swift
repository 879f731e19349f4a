import Foundation
import SpoolCore
import Testing

@testable import SpoolPersistence

@Suite(.timeLimit(.minutes(3)))
struct SQLiteProgressAPITests {
    @Test func savedPositionsReadBack() async throws {
        try await withTemporaryDirectory { directory in
            let api = try await SQLiteProgressAPI(at: directory.appending(component: "resume.sqlite3"))
            // Non-ASCII and an embedded NUL check that item IDs are bound byte for byte.
            let batch: [ItemID: Double] = ["ep1": 12.5, "épisode 2": 0, "odd\u{0}id": 3600.25]
            try await api.save(batch)
            for (itemID, seconds) in batch {
                #expect(try await api.position(for: itemID) == seconds)
            }
            #expect(try await api.position(for: "never-saved") == nil)
            #expect(try await api.position(for: "odd") == nil)
        }
    }

    @Test func saveOverwritesOlderPositions() async throws {
        try await withTemporaryDirectory { directory in
            let api = try await SQLiteProgressAPI(at: directory.appending(component: "resume.sqlite3"))
            try await api.save(["a": 10, "b": 20])
            try await api.save(["a": 30])
            #expect(try await api.position(for: "a") == 30)
            #expect(try await api.position(for: "b") == 20)
        }
    }

    @Test func databaseUsesWriteAheadLogAndSchemaVersion() async throws {
        try await withTemporaryDirectory { directory in
            let location = directory.appending(component: "resume.sqlite3")
            let api = try await SQLiteProgressAPI(at: location)
            // synchronous is a per-connection setting: ask the API's own connection (1 = NORMAL).
            let synchronous = try await api.perform { database throws(SQLiteError) in
                let statement = try database.prepare("PRAGMA synchronous")
                return try statement.step() ? statement.integer(at: 0) : -1
            }
            #expect(synchronous == 1)

            // journal_mode=WAL and user_version are stored in the file: a fresh connection sees them.
            let other = try SQLiteDatabase(path: location.path(percentEncoded: false))
            let journalMode = try other.prepare("PRAGMA journal_mode")
            #expect(try journalMode.step())
            #expect(journalMode.text(at: 0) == "wal")
            let userVersion = try other.prepare("PRAGMA user_version")
            #expect(try userVersion.step())
            #expect(userVersion.integer(at: 0) == ResumeDatabase.schemaVersion)
        }
    }

    @Test func unwritablePathsThrowCantOpen() async throws {
        try await withTemporaryDirectory { directory in
            // A regular file where a parent directory should be: fails even for root, unlike
            // permission bits.
            let file = directory.appending(component: "not-a-directory")
            try Data("x".utf8).write(to: file)
            let underFile = file.appending(components: "spool", "resume.sqlite3")
            let parentError = await #expect(throws: SQLiteError.cantOpen) {
                try await SQLiteProgressAPI(at: underFile)
            }
            #expect(parentError?.message.contains("not-a-directory") == true)

            // A directory where the database file should be.
            let isDirectory = directory.appending(component: "is-a-directory")
            try FileManager.default.createDirectory(at: isDirectory, withIntermediateDirectories: true)
            await #expect(throws: SQLiteError.cantOpen) {
                try await SQLiteProgressAPI(at: isDirectory)
            }
        }
    }

    @Test func positionsSurviveReopening() async throws {
        try await withTemporaryDirectory { directory in
            let location = directory.appending(components: "nested", "state", "resume.sqlite3")
            do {
                let api = try await SQLiteProgressAPI(at: location)
                try await api.save(["a": 42.5])
            }
            let reopened = try await SQLiteProgressAPI(at: location)
            #expect(try await reopened.position(for: "a") == 42.5)
        }
    }

    @Test func invalidPositionsRejectTheWholeBatch() async throws {
        try await withTemporaryDirectory { directory in
            let api = try await SQLiteProgressAPI(at: directory.appending(component: "resume.sqlite3"))
            for invalid in [Double.nan, .infinity, -.infinity, -1] {
                await #expect(throws: SQLiteError.constraint) {
                    try await api.save(["good": 1, "bad": invalid])
                }
            }
            #expect(try await api.position(for: "good") == nil)
        }
    }

    @Test func refusesADatabaseFromANewerSchema() async throws {
        try await withTemporaryDirectory { directory in
            let location = directory.appending(component: "resume.sqlite3")
            _ = try await SQLiteProgressAPI(at: location)
            try SQLiteDatabase(path: location.path(percentEncoded: false)).execute("PRAGMA user_version = 99")
            await #expect(throws: SQLiteError.schema) {
                try await SQLiteProgressAPI(at: location)
            }
        }
    }

    @Test func defaultLocationFollowsXDGBaseDirectories() {
        let xdg = SQLiteProgressAPI.defaultLocation(environment: ["XDG_STATE_HOME": "/x/state", "HOME": "/home/u"])
        #expect(xdg.path(percentEncoded: false) == "/x/state/spool/resume.sqlite3")
        let home = SQLiteProgressAPI.defaultLocation(environment: ["HOME": "/home/u"])
        #expect(home.path(percentEncoded: false) == "/home/u/.local/state/spool/resume.sqlite3")
        // The spec says relative values are invalid and must be ignored.
        let relative = SQLiteProgressAPI.defaultLocation(environment: ["XDG_STATE_HOME": "state", "HOME": "/home/u"])
        #expect(relative == home)
        #expect(SQLiteProgressAPI.defaultLocation().path(percentEncoded: false).hasSuffix("/spool/resume.sqlite3"))
    }
}
