import Testing

@testable import SpoolDesktop

/// The target links the Debian library it wraps, at the major version the code is written for.
@Test func linksTheWrappedLibrary() {
    #expect(DesktopLibraries.versionSummary.contains("libdbus 1."))
}
