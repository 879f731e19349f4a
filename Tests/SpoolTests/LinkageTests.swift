import Testing

@testable import Spool

/// The facade reports every linked C library family, for `spool --version` and bug reports.
@Test func reportsEveryLibraryFamily() {
    let versions = SpoolInfo.libraryVersions.joined(separator: "\n")
    for family in ["libavformat", "libpulse", "SDL", "libdbus", "SQLite"] {
        #expect(versions.contains(family), "missing \(family)")
    }
}
