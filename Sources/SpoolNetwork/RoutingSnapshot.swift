import SpoolCore

/// The kernel's links and routes at one moment, as values, and the `NetworkPath` they make.
/// Pure, so the rules are tested on hand-made tables (`NetworkPathEvaluationTests`).
struct RoutingSnapshot: Sendable, Equatable {
    /// A network interface.
    struct Link: Sendable, Equatable {
        var index: Int
        var name: String
        /// IFF_UP: configured up.
        var isUp: Bool
        /// IFF_RUNNING: operationally up (a carrier, for Ethernet and veth).
        var isRunning: Bool
        var isLoopback: Bool
        /// ARPHRD_* hardware type.
        var hardwareType: UInt16
        /// Whether the kernel lists it as a wireless device (/sys/class/net/NAME/wireless).
        var isWireless = false
    }

    /// A route.
    struct Route: Sendable, Equatable {
        enum Family: Sendable, Equatable { case ipv4, ipv6, other }
        var family: Family
        /// The destination prefix's length: 0 for a default route.
        var destinationLength: Int
        /// The destination's address bytes (4 or 16; zero for a default route).
        var destination: [UInt8]
        /// RTN_UNICAST: a route traffic to other hosts can take (not local, broadcast, ...).
        var isUnicast: Bool
        /// In the main table, the one ordinary lookups use.
        var isMainTable: Bool
        /// The interface it leaves by.
        var interfaceIndex: Int
    }

    var links: [Link]
    var routes: [Route]

    /// The path these tables give: satisfied when a unicast route of the main table leaves
    /// by an interface that is up and running and is not loopback. IPv6 link-local routes
    /// (fe80::/10, added to every up interface) do not count: they reach no server.
    var path: NetworkPath {
        let usableLinks = Dictionary(
            links.filter { $0.isUp && $0.isRunning && !$0.isLoopback }.map { ($0.index, $0) },
            uniquingKeysWith: { first, _ in first })
        let usableRoutes = routes.filter { route in
            route.isMainTable && route.isUnicast && usableLinks[route.interfaceIndex] != nil
                && !route.isIPv6LinkLocal
        }
        guard !usableRoutes.isEmpty else { return NetworkPath(status: .unsatisfied) }
        let defaultIndices = Set(usableRoutes.filter { $0.destinationLength == 0 }.map(\.interfaceIndex))
        let interfaces = Set(usableRoutes.map(\.interfaceIndex)).compactMap { usableLinks[$0] }
            .sorted { lhs, rhs in
                let (lhsDefault, rhsDefault) = (defaultIndices.contains(lhs.index), defaultIndices.contains(rhs.index))
                return lhsDefault != rhsDefault ? lhsDefault : lhs.index < rhs.index
            }
            .map { NetworkInterface(name: $0.name, index: $0.index, type: $0.interfaceType) }
        return NetworkPath(
            status: .satisfied, availableInterfaces: interfaces,
            supportsIPv4: usableRoutes.contains { $0.family == .ipv4 },
            supportsIPv6: usableRoutes.contains { $0.family == .ipv6 }, hasDefaultRoute: !defaultIndices.isEmpty)
    }
}

extension RoutingSnapshot.Link {
    /// ARPHRD_ETHER, ARPHRD_IEEE80211 and its radiotap variants (linux/if_arp.h).
    private static let ethernet: UInt16 = 1
    private static let ieee80211Types: Set<UInt16> = [801, 802, 803]

    /// What kind of link this is.
    var interfaceType: NetworkInterface.InterfaceType {
        if isLoopback { return .loopback }
        if isWireless || Self.ieee80211Types.contains(hardwareType) { return .wifi }
        return hardwareType == Self.ethernet ? .wiredEthernet : .other
    }
}

extension RoutingSnapshot.Route {
    fileprivate var isIPv6LinkLocal: Bool {
        family == .ipv6 && destinationLength >= 10 && destination.count == 16 && destination[0] == 0xfe
            && destination[1] & 0xc0 == 0x80
    }
}
