/// Whether the machine can reach the network, and through what: the counterpart of
/// Network.framework's `NWPath`, as `NetworkMonitor` (SpoolNetwork) reads it from the
/// kernel's routing tables.
public struct NetworkPath: Sendable, Equatable, CustomStringConvertible {
    /// Whether the path can carry traffic.
    public enum Status: String, Sendable, Equatable {
        /// An interface is up, has a carrier and a route: requests may go out.
        case satisfied
        /// No interface but loopback can carry traffic: requests to other hosts will fail
        /// until this changes.
        case unsatisfied
    }

    /// Whether the path can carry traffic.
    public var status: Status
    /// The interfaces traffic can leave by, the one with a default route first.
    public var availableInterfaces: [NetworkInterface]
    /// Whether an IPv4 route is usable.
    public var supportsIPv4: Bool
    /// Whether a (non-link-local) IPv6 route is usable.
    public var supportsIPv6: Bool
    /// Whether a usable route is a default route (to any host, not only the local network).
    public var hasDefaultRoute: Bool

    /// A path; see each property.
    public init(
        status: Status, availableInterfaces: [NetworkInterface] = [], supportsIPv4: Bool = false,
        supportsIPv6: Bool = false, hasDefaultRoute: Bool = false
    ) {
        self.status = status
        self.availableInterfaces = availableInterfaces
        self.supportsIPv4 = supportsIPv4
        self.supportsIPv6 = supportsIPv6
        self.hasDefaultRoute = hasDefaultRoute
    }

    /// What a monitor reports when it cannot observe the kernel (no netlink in a sandbox):
    /// satisfied, so nothing ever waits on a monitor that cannot see.
    public static let unobserved = NetworkPath(status: .satisfied)

    /// Whether traffic can leave by an interface of `type` (`NWPath.usesInterfaceType`).
    public func usesInterfaceType(_ type: NetworkInterface.InterfaceType) -> Bool {
        availableInterfaces.contains { $0.type == type }
    }

    /// "satisfied via eth0 (wiredEthernet)", "unsatisfied": for logs and the event log.
    public var description: String {
        guard !availableInterfaces.isEmpty else { return status.rawValue }
        let interfaces = availableInterfaces.map { "\($0.name) (\($0.type.rawValue))" }
        return "\(status.rawValue) via \(interfaces.joined(separator: ", "))"
    }
}

/// A network interface traffic can leave by (`NWInterface`).
public struct NetworkInterface: Sendable, Equatable {
    /// What kind of link an interface is.
    public enum InterfaceType: String, Sendable, Equatable {
        /// An 802.11 radio.
        case wifi
        /// Ethernet, or a virtual Ethernet link (veth, bridge).
        case wiredEthernet
        /// The loopback interface (never in `availableInterfaces`).
        case loopback
        /// Anything else: tunnels, point-to-point links, modems.
        case other
    }

    /// The kernel's name for it ("eth0").
    public var name: String
    /// The kernel's interface index.
    public var index: Int
    /// What kind of link it is.
    public var type: InterfaceType

    /// An interface; see each property.
    public init(name: String, index: Int, type: InterfaceType) {
        self.name = name
        self.index = index
        self.type = type
    }
}
