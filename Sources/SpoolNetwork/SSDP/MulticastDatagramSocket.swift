public import Foundation
import Glibc
import SpoolCore

/// UDP on an IPv4 multicast group (SSDP's 239.255.255.250:1900) on every multicast-capable
/// interface, for the renderer discovery in SpoolCast.
///
/// Guarantees:
/// - Two sockets: one bound to the group's port with `SO_REUSEADDR` (so another SSDP listener
///   on the machine does not lock us out), joined to the group on every interface that is up,
///   multicast-capable, IPv4-addressed and not loopback — it hears NOTIFY; and one on an
///   ephemeral port that sends searches and hears their unicast answers. When the group's port
///   is held exclusively by another program, the first is left out (`hearsAnnouncements`).
/// - `send(_:)` goes out once per such interface (`IP_MULTICAST_IF`), with TTL 2 (UPnP 1.1's
///   default); interfaces that appeared since the last send are joined first, so a link that
///   comes up while running is searched and heard.
/// - Each datagram is handed to `receive` on the socket's own thread (`spool-ssdp`) with the
///   IPv4 address it came from, in arrival order, whole (up to 64 KiB; its length is what the
///   caller bounds).
///
/// Ownership: both sockets and the wake pipe are opened in `init` and closed by the thread
/// when `close()` wakes it (or in `init` when it fails). Raw pointers stay in this file.
public final class MulticastDatagramSocket: Sendable {
    /// One interface the group is used on.
    public struct Interface: Sendable, Equatable {
        /// The interface's name (`eth0`).
        public let name: String
        /// Its IPv4 address, dotted.
        public let address: String
    }

    /// Why the socket could not be opened or a send failed: the call and `strerror`.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// "bind to port 1900: Address already in use" and the like.
        public let description: String
    }

    private let group: in_addr
    private let port: UInt16
    private let listenFD: Int32
    /// Whether the group's port could be bound, so NOTIFY alive and byebye are heard; when
    /// another program holds it exclusively, only answers to our searches arrive.
    public let hearsAnnouncements: Bool
    private let sendFD: Int32
    private let wakeRead: Int32
    private let wakeWrite: Int32
    /// The interfaces joined so far, by address (s_addr), and whether `close()` was called.
    private let state = Locked<(joined: Set<UInt32>, closed: Bool)>(([], false))

    /// Opens the sockets, joins `group` on every usable interface and starts the receiving
    /// thread, which hands each datagram to `receive`.
    public init(
        group: String = "239.255.255.250", port: UInt16 = 1900,
        receive: @escaping @Sendable (_ datagram: Data, _ source: String) -> Void
    ) throws(Failure) {
        var groupAddress = in_addr()
        guard inet_pton(AF_INET, group, &groupAddress) == 1 else { throw Failure(description: "bad group \(group)") }
        self.group = groupAddress
        self.port = port
        var pipeFDs: [Int32] = [-1, -1]
        let listen = Self.udpSocket()
        let send = Self.udpSocket()
        guard listen >= 0, send >= 0, pipe(&pipeFDs) == 0 else {
            let failure = Failure(description: "socket: \(Self.lastError())")
            for fd in [listen, send] + pipeFDs where fd >= 0 { Glibc.close(fd) }
            throw failure
        }
        do {
            try Self.bind(send, port: 0)
            var ttl: UInt8 = 2
            setsockopt(send, Int32(IPPROTO_IP), IP_MULTICAST_TTL, &ttl, 1)
        } catch {
            for fd in [listen, send, pipeFDs[0], pipeFDs[1]] { Glibc.close(fd) }
            throw error
        }
        var one: Int32 = 1
        setsockopt(listen, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        // The group's port held by a daemon that did not set SO_REUSEADDR: search answers still
        // come to the search socket, only NOTIFY goes unheard, so discovery goes on without it.
        if (try? Self.bind(listen, port: port)) == nil {
            Glibc.close(listen)
            (listenFD, hearsAnnouncements) = (-1, false)
        } else {
            (listenFD, hearsAnnouncements) = (listen, true)
        }
        (sendFD, wakeRead, wakeWrite) = (send, pipeFDs[0], pipeFDs[1])
        joinNewInterfaces()
        SpoolThread.start("spool-ssdp") { [self] in run(receive) }
    }

    /// The interfaces the group is used on now: up, multicast-capable, IPv4, not loopback.
    public static func interfaces() -> [Interface] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return [] }
        defer { freeifaddrs(list) }
        var found: [Interface] = []
        for entry in sequence(first: first, next: { $0.pointee.ifa_next }) {
            let flags = Int32(bitPattern: entry.pointee.ifa_flags)
            guard let address = entry.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET),
                flags & Int32(IFF_UP) != 0, flags & Int32(IFF_MULTICAST) != 0,
                flags & Int32(IFF_LOOPBACK) == 0
            else { continue }
            let inet = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
            found.append(Interface(name: String(cString: entry.pointee.ifa_name), address: Self.dotted(inet)))
        }
        return found
    }

    /// Sends `datagram` to the group on every usable interface (joining new ones first).
    /// Returns the interfaces it went out on; throws when it went out on none, naming why.
    @discardableResult
    public func send(_ datagram: Data) throws(Failure) -> [Interface] {
        let interfaces = joinNewInterfaces()
        guard !interfaces.isEmpty else {
            throw Failure(description: "no multicast-capable network interface is up (loopback cannot carry SSDP)")
        }
        var destination = sockaddr_in()
        destination.sin_family = sa_family_t(AF_INET)
        destination.sin_port = port.bigEndian
        destination.sin_addr = group
        var sent: [Interface] = []
        var errors: [String] = []
        for interface in interfaces {
            var address = in_addr()
            inet_pton(AF_INET, interface.address, &address)
            setsockopt(sendFD, Int32(IPPROTO_IP), IP_MULTICAST_IF, &address, socklen_t(MemoryLayout<in_addr>.size))
            let result = datagram.withUnsafeBytes { bytes in
                withUnsafePointer(to: &destination) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                        sendto(sendFD, bytes.baseAddress, bytes.count, 0, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                    }
                }
            }
            if result == datagram.count {
                sent.append(interface)
            } else {
                errors.append("\(interface.name): \(Self.lastError())")
            }
        }
        guard !sent.isEmpty else { throw Failure(description: "send: " + errors.joined(separator: "; ")) }
        return sent
    }

    /// Stops the thread, which closes the sockets; nothing is received after it returns to
    /// the thread's loop. Safe to call more than once.
    public func close() {
        let first = state.withLock { state in
            defer { state.closed = true }
            return !state.closed
        }
        guard first else { return }
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    /// Joins the group on the usable interfaces not joined yet; returns all usable ones.
    @discardableResult
    private func joinNewInterfaces() -> [Interface] {
        let interfaces = Self.interfaces()
        for interface in interfaces where listenFD >= 0 {
            var address = in_addr()
            inet_pton(AF_INET, interface.address, &address)
            let isNew = state.withLock { $0.joined.insert(address.s_addr).inserted }
            guard isNew else { continue }
            var request = ip_mreq(imr_multiaddr: group, imr_interface: address)
            // A failure (the interface went away meanwhile) leaves it unjoined; the next send
            // tries again because it is forgotten.
            if setsockopt(
                listenFD, Int32(IPPROTO_IP), IP_ADD_MEMBERSHIP, &request, socklen_t(MemoryLayout<ip_mreq>.size))
                != 0
            {
                _ = state.withLock { $0.joined.remove(address.s_addr) }
            }
        }
        return interfaces
    }

    /// The thread: hands every datagram of either socket to `receive` until woken by `close()`.
    private func run(_ receive: @Sendable (Data, String) -> Void) {
        defer { for fd in [listenFD, sendFD, wakeRead, wakeWrite] where fd >= 0 { Glibc.close(fd) } }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var fds = [listenFD, sendFD, wakeRead].map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        while true {
            let ready = poll(&fds, nfds_t(fds.count), -1)
            if ready < 0 {
                if errno == EINTR { continue }
                return
            }
            if fds[2].revents != 0 { return }
            for index in 0..<2 where fds[index].revents & Int16(POLLIN) != 0 {
                var source = sockaddr_in()
                var length = socklen_t(MemoryLayout<sockaddr_in>.size)
                let count = buffer.withUnsafeMutableBytes { bytes in
                    withUnsafeMutablePointer(to: &source) {
                        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                            recvfrom(fds[index].fd, bytes.baseAddress, bytes.count, 0, $0, &length)
                        }
                    }
                }
                guard count >= 0 else { continue }
                receive(Data(buffer[0..<count]), Self.dotted(source.sin_addr))
            }
        }
    }

    private static func udpSocket() -> Int32 {
        socket(AF_INET, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    }

    private static func bind(_ fd: Int32, port: UInt16) throws(Failure) {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr = in_addr(s_addr: INADDR_ANY)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else { throw Failure(description: "bind to UDP port \(port): \(lastError())") }
    }

    private static func dotted(_ address: in_addr) -> String {
        var address = address
        var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
        inet_ntop(AF_INET, &address, &text, socklen_t(text.count))
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func lastError() -> String { String(cString: strerror(errno)) }
}
