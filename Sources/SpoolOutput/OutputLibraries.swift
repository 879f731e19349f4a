internal import CPulse
internal import CSDL

/// Versions of the audio and video output libraries Spool is linked against.
public enum OutputLibraries {
    /// "libpulse 16.1.0, SDL 2.26.5" as reported by the linked libraries.
    public static var versionSummary: String {
        let pulse = pa_get_library_version().map { String(cString: $0) } ?? "unknown"
        let sdl = csdl_linked_version()
        return "libpulse \(pulse), SDL \(sdl / 10000).\((sdl / 100) % 100).\(sdl % 100)"
    }
}
