import Testing

@testable import SpoolOutput

/// The target links the Debian library it wraps, at the major version the code is written for.
@Test func linksTheWrappedLibrary() {
    #expect(OutputLibraries.versionSummary.contains("SDL 2."))
}
