internal import CDBus
import Glibc

/// The file descriptors libdbus wants watched for one connection, and the `poll(2)` that
/// watches them together with the bus thread's wake-up descriptor.
///
/// libdbus owns each `DBusWatch`; it announces them through the add/remove callbacks
/// installed here, and a watch pointer is valid exactly between the two, which is how long
/// this set keeps it. Thread confinement: libdbus calls the callbacks from inside calls made
/// on the bus thread, the only thread using the connection, so the set needs no lock.
final class BusWatchSet {
    private var watches: [OpaquePointer] = []

    /// Installs this set as `connection`'s watch functions. `false` if libdbus ran out of memory.
    func install(on connection: OpaquePointer) -> Bool {
        let userdata = Unmanaged.passUnretained(self).toOpaque()
        return dbus_connection_set_watch_functions(
            connection,
            { watch, userdata in
                guard let watch, let userdata else { return 0 }
                Unmanaged<BusWatchSet>.fromOpaque(userdata).takeUnretainedValue().watches.append(watch)
                return 1
            },
            { watch, userdata in
                guard let watch, let userdata else { return }
                Unmanaged<BusWatchSet>.fromOpaque(userdata).takeUnretainedValue().watches.removeAll { $0 == watch }
            },
            { _, _ in },  // enabled state is read at every poll
            userdata, nil) != 0
    }

    /// Waits until a watched descriptor or `wakeDescriptor` is ready, or `timeoutMilliseconds`
    /// pass (-1: no limit), then lets libdbus read or write what is ready. Returns whether
    /// `wakeDescriptor` was readable (the caller drains it).
    func waitForActivity(wakeDescriptor: Int32, timeoutMilliseconds: Int32) -> Bool {
        var descriptors = [pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0)]
        var polled: [OpaquePointer] = []
        for watch in watches where dbus_watch_get_enabled(watch) != 0 {
            let flags = dbus_watch_get_flags(watch)
            var events: Int16 = 0
            if flags & DBUS_WATCH_READABLE.rawValue != 0 { events |= Int16(POLLIN) }
            if flags & DBUS_WATCH_WRITABLE.rawValue != 0 { events |= Int16(POLLOUT) }
            descriptors.append(pollfd(fd: dbus_watch_get_unix_fd(watch), events: events, revents: 0))
            polled.append(watch)
        }
        let ready = poll(&descriptors, nfds_t(descriptors.count), timeoutMilliseconds)
        guard ready > 0 else { return false }  // timeout, or EINTR: the caller just loops
        for (index, watch) in polled.enumerated() {
            let revents = descriptors[index + 1].revents
            // An earlier dbus_watch_handle may have removed this watch (and freed it).
            guard revents != 0, watches.contains(watch) else { continue }
            var flags: UInt32 = 0
            if revents & Int16(POLLIN) != 0 { flags |= DBUS_WATCH_READABLE.rawValue }
            if revents & Int16(POLLOUT) != 0 { flags |= DBUS_WATCH_WRITABLE.rawValue }
            if revents & Int16(POLLERR) != 0 { flags |= DBUS_WATCH_ERROR.rawValue }
            if revents & Int16(POLLHUP) != 0 { flags |= DBUS_WATCH_HANGUP.rawValue }
            _ = dbus_watch_handle(watch, flags)
        }
        return descriptors[0].revents != 0
    }
}
