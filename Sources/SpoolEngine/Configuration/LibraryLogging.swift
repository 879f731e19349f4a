import SpoolMedia

/// Controls what the C libraries Spool links print to stderr on their own.
public enum LibraryLogging {
    /// How much a library prints.
    public enum Level: Sendable {
        /// Nothing: the program reports Spool's typed errors itself.
        case quiet
        /// Errors only.
        case errors
        /// Errors and warnings.
        case warnings
        /// Everything, for debugging.
        case debug
    }

    /// Sets FFmpeg's process-wide log level. FFmpeg prints warnings and notices to stderr
    /// by default; a program with its own error reporting (like `spool`) sets `.quiet`.
    public static func setFFmpegLevel(_ level: Level) {
        let ffmpegLevel: FFmpegLibraries.LogLevel =
            switch level {
            case .quiet: .quiet
            case .errors: .errors
            case .warnings: .warnings
            case .debug: .debug
            }
        FFmpegLibraries.setLogLevel(ffmpegLevel)
    }
}
