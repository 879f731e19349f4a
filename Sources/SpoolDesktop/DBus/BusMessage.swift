internal import CDBus

/// Owns one reference to a libdbus message (`DBusMessage*`) and releases it in `deinit`.
///
/// Not `Sendable`: a message is built, sent or read by one thread (the bus thread; tests use
/// one test's thread). Requests that must cross threads travel as `DBusValue`s instead.
final class BusMessage {
    /// libdbus message types (`DBUS_MESSAGE_TYPE_*`).
    enum Kind: Int32 {
        case methodCall = 1
        case methodReturn = 2
        case error = 3
        case signal = 4
    }

    /// The `DBusMessage*`; this object holds one reference to it.
    let handle: OpaquePointer

    /// Takes over a reference the caller owns (from a `dbus_message_new*` call).
    init(adopting handle: OpaquePointer) {
        self.handle = handle
    }

    /// Adds a reference to a message libdbus lends us (inside a handler), keeping it alive
    /// after the handler returns.
    init(retaining handle: OpaquePointer) {
        self.handle = dbus_message_ref(handle)
    }

    deinit {
        dbus_message_unref(handle)
    }

    /// A method call to `member` of `interface` on `path` at `destination`; `nil` only when
    /// libdbus cannot allocate it or a name is malformed.
    static func methodCall(destination: String?, path: String, interface: String?, member: String) -> BusMessage? {
        guard isValidObjectPath(path) else { return nil }
        let handle = withOptionalCString(destination) { destination in
            withOptionalCString(interface) { interface in
                dbus_message_new_method_call(destination, path, interface, member)
            }
        }
        return handle.map(BusMessage.init(adopting:))
    }

    /// A signal `member` of `interface` emitted from `path`; `nil` only when libdbus cannot
    /// allocate it or a name is malformed.
    static func signal(path: String, interface: String, member: String) -> BusMessage? {
        guard isValidObjectPath(path) else { return nil }
        return dbus_message_new_signal(path, interface, member).map(BusMessage.init(adopting:))
    }

    /// A successful reply to this method call, carrying `values`.
    func methodReturn(_ values: [DBusValue]) throws(DBusError) -> BusMessage {
        guard let reply = dbus_message_new_method_return(handle).map(BusMessage.init(adopting:)) else {
            throw .noMemory
        }
        try reply.append(values)
        return reply
    }

    /// An error reply to this method call.
    func errorReply(_ error: DBusError) -> BusMessage? {
        dbus_message_new_error(handle, error.name, error.message).map(BusMessage.init(adopting:))
    }

    /// Whether this is a call, a reply, an error or a signal (`nil` for unknown types).
    var kind: Kind? { Kind(rawValue: dbus_message_get_type(handle)) }
    /// The interface named in the message (a method call may omit it).
    var interface: String? { dbus_message_get_interface(handle).map { String(cString: $0) } }
    /// The method or signal name.
    var member: String? { dbus_message_get_member(handle).map { String(cString: $0) } }
    /// The object path the call is for or the signal comes from.
    var path: String? { dbus_message_get_path(handle).map { String(cString: $0) } }
    /// The unique bus name of the connection that sent the message.
    var sender: String? { dbus_message_get_sender(handle).map { String(cString: $0) } }
    /// The type signature of the arguments, e.g. `"ox"`.
    var signature: String { dbus_message_get_signature(handle).map { String(cString: $0) } ?? "" }
    /// Whether the caller waits for a reply (a call may be flagged "no reply expected").
    var expectsReply: Bool { dbus_message_get_no_reply(handle) == 0 }

    /// The message in D-Bus wire format; `nil` if libdbus cannot allocate. The wire format
    /// needs a serial, so a message without one gets serial 1: marshal messages you will not
    /// send on a connection (this is for tests and for carrying messages over other channels).
    func marshalled() -> [UInt8]? {
        if dbus_message_get_serial(handle) == 0 { dbus_message_set_serial(handle, 1) }
        var buffer: UnsafeMutablePointer<CChar>?
        var length: Int32 = 0
        guard dbus_message_marshal(handle, &buffer, &length) != 0, let buffer else { return nil }
        defer { dbus_free(buffer) }
        return UnsafeRawBufferPointer(start: buffer, count: Int(length)).map { $0 }
    }

    /// A message parsed from D-Bus wire format (the inverse of `marshalled()`).
    static func demarshal(_ bytes: [UInt8]) throws(DBusError) -> BusMessage {
        var error = CDBus.DBusError()
        dbus_error_init(&error)
        let handle = bytes.withUnsafeBytes { raw in
            dbus_message_demarshal(raw.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(raw.count), &error)
        }
        if let failure = DBusError(consuming: &error) { throw failure }
        guard let handle else { throw .invalidArgs.with(message: "not a D-Bus message") }
        return BusMessage(adopting: handle)
    }

    /// Whether libdbus accepts `path` as an object path (it aborts on invalid ones otherwise).
    static func isValidObjectPath(_ path: String) -> Bool {
        dbus_validate_path(path, nil) != 0
    }

    /// Whether `name` is a valid bus name.
    static func isValidBusName(_ name: String) -> Bool {
        dbus_validate_bus_name(name, nil) != 0
    }
}

/// Calls `body` with `string` as a C string, or with `nil` when there is no string.
func withOptionalCString<Result>(_ string: String?, _ body: (UnsafePointer<CChar>?) -> Result) -> Result {
    guard let string else { return body(nil) }
    return string.withCString { body($0) }
}
