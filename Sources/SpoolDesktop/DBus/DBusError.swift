internal import CDBus

/// A D-Bus error: its name (`org.freedesktop.DBus.Error.NoServer`) and a human-readable message.
///
/// Every failure in SpoolDesktop's D-Bus code is one of these: libdbus's own `DBusError`
/// structs are converted (and freed) in one place, `init?(consuming:)`, and the errors Spool
/// replies to clients with are the statics below. Equality compares names only, so
/// `error == .noServer` holds whatever the message says.
public struct DBusError: Error, RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The error name, a dotted identifier such as `org.freedesktop.DBus.Error.Failed`.
    public let rawValue: String
    /// What went wrong, for people; may be empty.
    public let message: String

    /// An error named `rawValue` with no message.
    public init(rawValue: String) {
        self.init(name: rawValue, message: "")
    }

    /// An error named `name` saying `message`.
    public init(name: String, message: String) {
        self.rawValue = name
        self.message = message
    }

    /// The error name (the same as `rawValue`).
    public var name: String { rawValue }

    /// "org.freedesktop.DBus.Error.NoServer: Failed to connect to socket …".
    public var description: String { message.isEmpty ? rawValue : "\(rawValue): \(message)" }

    /// This error with `message` in place of the current one.
    public func with(message: String) -> DBusError { DBusError(name: rawValue, message: message) }

    /// Two errors are equal when their names are.
    public static func == (lhs: DBusError, rhs: DBusError) -> Bool { lhs.rawValue == rhs.rawValue }

    /// Hashes the name only, consistently with `==`.
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    /// The funnel for libdbus: the error libdbus left in `error`, if it set one, after which
    /// `error` is freed (and may be reused).
    init?(consuming error: inout CDBus.DBusError) {
        guard dbus_error_is_set(&error) != 0 else { return nil }
        let name = error.name.map { String(cString: $0) } ?? DBusError.failed.rawValue
        let message = error.message.map { String(cString: $0) } ?? ""
        dbus_error_free(&error)
        self.init(name: name, message: message)
    }

    /// A generic failure.
    public static let failed = DBusError(rawValue: "org.freedesktop.DBus.Error.Failed")
    /// libdbus (or the bus) ran out of memory.
    public static let noMemory = DBusError(rawValue: "org.freedesktop.DBus.Error.NoMemory")
    /// No bus could be reached (no `DBUS_SESSION_BUS_ADDRESS`, or nothing listens there).
    public static let noServer = DBusError(rawValue: "org.freedesktop.DBus.Error.NoServer")
    /// The bus address could not be parsed.
    public static let badAddress = DBusError(rawValue: "org.freedesktop.DBus.Error.BadAddress")
    /// The connection to the bus was lost.
    public static let disconnected = DBusError(rawValue: "org.freedesktop.DBus.Error.Disconnected")
    /// The object has no such method.
    public static let unknownMethod = DBusError(rawValue: "org.freedesktop.DBus.Error.UnknownMethod")
    /// The object has no such interface.
    public static let unknownInterface = DBusError(rawValue: "org.freedesktop.DBus.Error.UnknownInterface")
    /// The interface has no such property.
    public static let unknownProperty = DBusError(rawValue: "org.freedesktop.DBus.Error.UnknownProperty")
    /// The property cannot be set.
    public static let propertyReadOnly = DBusError(rawValue: "org.freedesktop.DBus.Error.PropertyReadOnly")
    /// The arguments do not have the types or values the method expects.
    public static let invalidArgs = DBusError(rawValue: "org.freedesktop.DBus.Error.InvalidArgs")
    /// The request is understood but not supported (for example a disabled remote command).
    public static let notSupported = DBusError(rawValue: "org.freedesktop.DBus.Error.NotSupported")
    /// Every bus name Spool tried was owned by another connection.
    public static let nameTaken = DBusError(rawValue: "org.mpris.MediaPlayer2.spool.Error.NameTaken")
    /// A remote-command handler returned `.commandFailed`.
    public static let commandFailed = DBusError(rawValue: "org.mpris.MediaPlayer2.spool.Error.CommandFailed")
    /// A remote-command handler returned `.noSuchContent`.
    public static let noSuchContent = DBusError(rawValue: "org.mpris.MediaPlayer2.spool.Error.NoSuchContent")
    /// A remote-command handler returned `.noActionableNowPlayingItem`.
    public static let noActionableNowPlayingItem = DBusError(
        rawValue: "org.mpris.MediaPlayer2.spool.Error.NoActionableNowPlayingItem")
    /// The command is disabled or has no handler.
    public static let commandDisabled = DBusError(rawValue: "org.mpris.MediaPlayer2.spool.Error.CommandDisabled")
}
