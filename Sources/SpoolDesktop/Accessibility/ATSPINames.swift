/// The bus names, object paths and interface names of the AT-SPI protocol (at-spi2-core's
/// `xml/` definitions), in one place.
enum ATSPINames {
    /// The accessibility bus launcher on the session bus, and its `GetAddress`.
    static let launcherName = "org.a11y.Bus"
    static let launcherPath = "/org/a11y/bus"
    static let launcherInterface = "org.a11y.Bus"

    /// The registry (the desktop) on the accessibility bus.
    static let registryName = "org.a11y.atspi.Registry"
    /// Every application's root object, and the registry's desktop object.
    static let rootPath = "/org/a11y/atspi/accessible/root"
    /// Where the other accessibles live: `<prefix>/<id>`.
    static let objectPathPrefix = "/org/a11y/atspi/accessible"
    /// What a reference to nothing points at.
    static let nullPath = "/org/a11y/atspi/null"
    /// The cache object libatspi asks for every accessible at once.
    static let cachePath = "/org/a11y/atspi/cache"
    /// The subtree a fallback handler takes (the root, the accessibles, the cache).
    static let exportedSubtree = "/org/a11y/atspi"

    static let accessible = "org.a11y.atspi.Accessible"
    static let application = "org.a11y.atspi.Application"
    static let action = "org.a11y.atspi.Action"
    static let value = "org.a11y.atspi.Value"
    static let component = "org.a11y.atspi.Component"
    static let socket = "org.a11y.atspi.Socket"
    static let cache = "org.a11y.atspi.Cache"
    static let eventObject = "org.a11y.atspi.Event.Object"
    static let properties = "org.freedesktop.DBus.Properties"
    static let introspectable = "org.freedesktop.DBus.Introspectable"

    /// The signature of one cache item (`GetItems` answers an array of them).
    static let cacheItemSignature = "((so)(so)(so)iiassusau)"

    /// An object reference, `(so)`: the bus name and the object path.
    static func reference(_ name: String, _ path: String) -> DBusValue {
        .structure([.string(name), .objectPath(path)])
    }
}
