internal import CDBus

/// Versions of the desktop-integration libraries Spool is linked against.
public enum DesktopLibraries {
    /// "libdbus 1.14.10" as reported by the linked library.
    public static var versionSummary: String {
        var major: Int32 = 0
        var minor: Int32 = 0
        var micro: Int32 = 0
        dbus_get_version(&major, &minor, &micro)
        return "libdbus \(major).\(minor).\(micro)"
    }
}
