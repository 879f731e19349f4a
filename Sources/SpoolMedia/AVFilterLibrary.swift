internal import CAVFilterLoader

/// libavfilter, which Spool opens on first use instead of linking (see CAVFilterLoader for
/// why): only a speed change builds a filter graph, and a process that never makes one never
/// loads the library or the thirty-odd libraries it needs.
enum AVFilterLibrary {
    /// Opens the library once per process (thread-safe; later calls return at once).
    /// Throws `.filterNotFound` when it cannot be opened or lacks a function Spool calls.
    static func open() throws(FFmpegError) {
        guard spool_avfilter_open() == 0 else { throw .filterNotFound }
    }

    /// Whether the library was opened already (never opens it).
    static var isOpen: Bool { spool_avfilter_is_open() != 0 }

    /// The opened library's version (`avfilter_version()`), or the version of the headers
    /// Spool was built with while it is not open.
    static var version: UInt32 { spool_avfilter_version() }
}
