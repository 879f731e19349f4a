internal import CDBus
import Foundation

/// Where the session bus is, resolved the way Spool wants it: never by X11 autolaunch.
enum BusAddress: Sendable, Equatable {
    /// A bus at this D-Bus address (`unix:path=/run/user/1000/bus`).
    case address(String)

    /// The session bus: `DBUS_SESSION_BUS_ADDRESS`, else the systemd user bus socket in
    /// `XDG_RUNTIME_DIR`. libdbus would otherwise try X11 autolaunch (`dbus-launch`), which
    /// starts a stray daemon on a headless machine; Spool reports `noServer` instead.
    static func session(environment: [String: String] = ProcessInfo.processInfo.environment) throws(DBusError)
        -> BusAddress
    {
        if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty { return .address(address) }
        if let runtime = environment["XDG_RUNTIME_DIR"], FileManager.default.fileExists(atPath: runtime + "/bus") {
            return .address("unix:path=\(runtime)/bus")
        }
        throw .noServer.with(message: "no session bus: DBUS_SESSION_BUS_ADDRESS is not set")
    }
}

/// Owns a private connection to a message bus (`DBusConnection*`): closes and releases it in
/// `deinit`, together with the object handlers and watch set registered on it.
///
/// Thread confinement: created, used and released on the one bus thread that runs its event
/// loop. It is not `Sendable`, so the compiler keeps it there. The connection is private
/// (not libdbus's shared session connection), so other libraries in the process that use
/// libdbus (SDL does) never see it.
final class BusConnection {
    /// Replies to `RequestName` (`DBUS_REQUEST_NAME_REPLY_*`).
    enum NameRequestReply: Int32 {
        case primaryOwner = 1
        case inQueue = 2
        case exists = 3
        case alreadyOwner = 4
    }

    /// Receives the messages sent to one object path (on the bus thread, during `dispatch`)
    /// and returns whether it handled them; libdbus answers unhandled calls with an error.
    final class ObjectHandler {
        let handle: (BusMessage) -> Bool
        init(_ handle: @escaping (BusMessage) -> Bool) { self.handle = handle }
    }

    /// The `DBusConnection*`; this object holds the only reference Spool takes.
    private let handle: OpaquePointer
    private var objectHandlers: [String: ObjectHandler] = [:]
    /// The watches libdbus asked for; libdbus holds an unretained pointer to this object as
    /// the watch functions' data, valid because the connection keeps it until it is closed.
    let watches = BusWatchSet()

    /// Opens a private connection to the bus at `address`, registers with it (so it has a
    /// unique name) and installs `watches` as its I/O source. Blocks for the handshake.
    init(address: BusAddress) throws(DBusError) {
        // libdbus's global state must be thread-safe: other threads may use libdbus
        // (through SDL, for instance). Idempotent, and automatic since libdbus 1.7.
        _ = dbus_threads_init_default()
        guard case .address(let text) = address else { throw .badAddress }
        var error = CDBus.DBusError()
        dbus_error_init(&error)
        guard let handle = dbus_connection_open_private(text, &error) else {
            throw DBusError(consuming: &error) ?? .noServer
        }
        guard dbus_bus_register(handle, &error) != 0 else {
            dbus_connection_close(handle)
            dbus_connection_unref(handle)
            throw DBusError(consuming: &error) ?? .noServer
        }
        // libdbus's default for bus connections is to _exit() the process when the bus goes
        // away; a media player must outlive its session bus.
        dbus_connection_set_exit_on_disconnect(handle, 0)
        self.handle = handle
        // Fully initialised from here on: a throw runs deinit, which closes the connection.
        guard watches.install(on: handle) else { throw .noMemory }
    }

    deinit {
        for path in objectHandlers.keys { _ = dbus_connection_unregister_object_path(handle, path) }
        dbus_connection_close(handle)
        dbus_connection_unref(handle)
    }

    /// The connection's unique name on the bus (`:1.42`).
    var uniqueName: String? { dbus_bus_get_unique_name(handle).map { String(cString: $0) } }

    /// Whether the connection is still open.
    var isConnected: Bool { dbus_connection_get_is_connected(handle) != 0 }

    /// Asks the bus for `name` (a blocking round trip). Throws what the bus replied with.
    func requestName(_ name: String, flags: UInt32) throws(DBusError) -> NameRequestReply {
        var error = CDBus.DBusError()
        dbus_error_init(&error)
        let reply = dbus_bus_request_name(handle, name, flags, &error)
        if let failure = DBusError(consuming: &error) { throw failure }
        return NameRequestReply(rawValue: reply) ?? .exists
    }

    /// Gives `name` back to the bus; returns once the bus has (a blocking round trip), so a
    /// client asking right afterwards finds the name free.
    func releaseName(_ name: String) {
        var error = CDBus.DBusError()
        dbus_error_init(&error)
        _ = dbus_bus_release_name(handle, name, &error)
        _ = DBusError(consuming: &error)  // frees it: nothing to do about a failed release
    }

    /// Routes messages for `path` to `handler` until the connection is released.
    func registerObject(at path: String, handler: ObjectHandler) throws(DBusError) {
        try register(at: path, handler: handler, includingSubtree: false)
    }

    /// Routes messages for `path` and every path below it (those without a handler of their
    /// own) to `handler` until the connection is released: objects that come and go (AT-SPI's
    /// accessibles) need no registration each.
    func registerFallback(at path: String, handler: ObjectHandler) throws(DBusError) {
        try register(at: path, handler: handler, includingSubtree: true)
    }

    private func register(at path: String, handler: ObjectHandler, includingSubtree: Bool) throws(DBusError) {
        var vtable = DBusObjectPathVTable()
        vtable.message_function = { _, message, userdata in
            guard let message, let userdata else { return DBUS_HANDLER_RESULT_NOT_YET_HANDLED }
            let handler = Unmanaged<ObjectHandler>.fromOpaque(userdata).takeUnretainedValue()
            return handler.handle(BusMessage(retaining: message))
                ? DBUS_HANDLER_RESULT_HANDLED : DBUS_HANDLER_RESULT_NOT_YET_HANDLED
        }
        var error = CDBus.DBusError()
        dbus_error_init(&error)
        // libdbus copies the vtable; `userdata` is unretained and valid because
        // `objectHandlers` keeps the handler until the path is unregistered in deinit.
        let userdata = Unmanaged.passUnretained(handler).toOpaque()
        let registered =
            includingSubtree
            ? dbus_connection_try_register_fallback(handle, path, &vtable, userdata, &error)
            : dbus_connection_try_register_object_path(handle, path, &vtable, userdata, &error)
        guard registered != 0 else { throw DBusError(consuming: &error) ?? .noMemory }
        objectHandlers[path] = handler
    }

    /// Sends the method call `message` and blocks until its reply comes or
    /// `timeoutMilliseconds` pass; returns the reply, or throws the error the peer (or the
    /// bus, or the timeout: `NoReply`) answered with. Messages arriving meanwhile wait in the
    /// queue for the next `dispatchPending`.
    func call(_ message: BusMessage, timeoutMilliseconds: Int32) throws(DBusError) -> BusMessage {
        var error = CDBus.DBusError()
        dbus_error_init(&error)
        let reply = dbus_connection_send_with_reply_and_block(handle, message.handle, timeoutMilliseconds, &error)
        if let failure = DBusError(consuming: &error) { throw failure }
        guard let reply else { throw .noMemory }
        return BusMessage(adopting: reply)
    }

    /// Queues `message` for sending; libdbus writes it as soon as the socket takes it (the
    /// event loop keeps writing while the write watch is enabled). `false` if out of memory.
    @discardableResult
    func send(_ message: BusMessage) -> Bool {
        dbus_connection_send(handle, message.handle, nil) != 0
    }

    /// Blocks until every queued message is written (used once, before closing).
    func flush() {
        dbus_connection_flush(handle)
    }

    /// Runs the handlers for every complete message read so far.
    func dispatchPending() {
        while dbus_connection_dispatch(handle) == DBUS_DISPATCH_DATA_REMAINS {}
    }
}
