internal import CFFmpeg

/// Versions of the FFmpeg libraries Spool is linked against, for `spool --version` and bug reports.
public enum FFmpegLibraries {
    /// "libavformat 59.27.100, libavcodec 59.37.100, …" as reported by the linked libraries;
    /// libavfilter's is the headers' until a speed change opened the library.
    public static var versionSummary: String {
        [
            ("libavformat", avformat_version()), ("libavcodec", avcodec_version()),
            ("libavutil", avutil_version()), ("libswscale", swscale_version()),
            ("libswresample", swresample_version()),
        ].map { "\($0.0) \(format($0.1))" }.joined(separator: ", ")
            // Not opened for this: a process that changes no speed never loads it.
            + ", libavfilter \(format(AVFilterLibrary.version))"
            + (AVFilterLibrary.isOpen ? "" : " (the headers'; opened on first use)")
    }

    private static func format(_ packed: UInt32) -> String {
        "\(packed >> 16).\((packed >> 8) & 0xFF).\(packed & 0xFF)"
    }
}
