import Testing

@testable import SpoolPersistence

/// The target links the Debian library it wraps, at the major version the code is written for.
@Test func linksTheWrappedLibrary() {
    #expect(PersistenceLibraries.versionSummary.contains("SQLite 3."))
}
