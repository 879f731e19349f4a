internal import CFFmpeg

extension FFmpegLibraries {
    /// How much FFmpeg itself prints to stderr.
    public enum LogLevel: Sendable {
        /// Nothing: the caller reports errors its own way.
        case quiet
        /// Errors only.
        case errors
        /// Errors and warnings (FFmpeg's default is `info`, one step louder).
        case warnings
        /// Everything FFmpeg has to say, for debugging.
        case debug
    }

    /// Sets FFmpeg's process-wide log level (`av_log_set_level`). Spool maps every failure
    /// to a typed error, so programs that print their own errors usually want `.quiet`.
    public static func setLogLevel(_ level: LogLevel) {
        let value =
            switch level {
            case .quiet: AV_LOG_QUIET
            case .errors: AV_LOG_ERROR
            case .warnings: AV_LOG_WARNING
            case .debug: AV_LOG_DEBUG
            }
        av_log_set_level(value)
    }
}
