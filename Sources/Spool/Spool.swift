@_exported public import SpoolCore
import SpoolDesktop
@_exported public import SpoolEngine
import SpoolMedia
@_exported public import SpoolOutput
import SpoolPersistence

/// Facts about this build of Spool.
public enum SpoolInfo {
    /// Spool's own version.
    public static let version = "0.1.0"

    /// One line per linked C library family, for `spool --version` and bug reports.
    public static var libraryVersions: [String] {
        [
            FFmpegLibraries.versionSummary, OutputLibraries.versionSummary,
            DesktopLibraries.versionSummary, PersistenceLibraries.versionSummary,
        ]
    }
}
