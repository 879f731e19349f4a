import Testing

@testable import SpoolMedia

/// The target links the Debian library it wraps, at the major version the code is written for.
@Test func linksTheWrappedLibrary() {
    #expect(FFmpegLibraries.versionSummary.contains("libavformat 59."))
}
