internal import CFFmpeg

/// Versions of the FFmpeg libraries Spool is linked against, for `spool --version` and bug reports.
public enum FFmpegLibraries {
    /// "libavformat 59.27.100, libavcodec 59.37.100, …" as reported by the linked libraries.
    public static var versionSummary: String {
        [
            ("libavformat", avformat_version()), ("libavcodec", avcodec_version()),
            ("libavutil", avutil_version()), ("libswscale", swscale_version()),
            ("libswresample", swresample_version()), ("libavfilter", avfilter_version()),
        ].map { "\($0.0) \(format($0.1))" }.joined(separator: ", ")
    }

    private static func format(_ packed: UInt32) -> String {
        "\(packed >> 16).\((packed >> 8) & 0xFF).\(packed & 0xFF)"
    }
}
