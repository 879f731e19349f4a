internal import CAVFilterLoader

/// libavfilter, which Spool opens on first use instead of linking (see CAVFilterLoader for
/// why): only a speed change builds a filter graph, and a process that never makes one never
/// loads the library or the thirty-odd libraries it needs.
enum AVFilterLibrary {
    /// Opens the library once per process (thread-safe; later calls return at once).
    /// Throws `.filterNotFound` when it cannot be opened or lacks a function Spool calls;
    /// `unavailableReason` then says why.
    static func open() throws(FFmpegError) {
        guard unavailableReason == nil else { throw .filterNotFound }
    }

    /// Why the library cannot be used ("libavfilter.so.8: cannot open shared object file: …"),
    /// or `nil` once it is open. Opens it on first use.
    static var unavailableReason: String? {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 256) { buffer -> String? in
            guard let base = buffer.baseAddress else { return "no memory" }
            return spool_avfilter_open(base, buffer.count) == 0 ? nil : String(cString: base)
        }
    }

    /// Whether the library was opened already (never opens it).
    static var isOpen: Bool { spool_avfilter_is_open() != 0 }

    /// The opened library's version (`avfilter_version()`), or the version of the headers
    /// Spool was built with while it is not open.
    static var version: UInt32 { spool_avfilter_version() }
}
