import SpoolCore
import Testing

@testable import SpoolNetwork

/// The rules that turn the kernel's link and route tables into a `NetworkPath`, on hand-made
/// tables shaped like `ip link` / `ip route` output.
@Suite struct NetworkPathEvaluationTests {
    typealias Link = RoutingSnapshot.Link
    typealias Route = RoutingSnapshot.Route

    static let loopback = Link(index: 1, name: "lo", isUp: true, isRunning: true, isLoopback: true, hardwareType: 772)
    static func ethernet(_ index: Int, _ name: String, up: Bool = true, carrier: Bool = true) -> Link {
        Link(index: index, name: name, isUp: up, isRunning: carrier, isLoopback: false, hardwareType: 1)
    }
    static func route(
        _ interface: Int, _ family: Route.Family = .ipv4, prefix: Int, destination: [UInt8]? = nil,
        unicast: Bool = true, main: Bool = true
    ) -> Route {
        Route(
            family: family, destinationLength: prefix,
            destination: destination ?? [UInt8](repeating: 0, count: family == .ipv4 ? 4 : 16), isUnicast: unicast,
            isMainTable: main, interfaceIndex: interface)
    }
    static let linkLocal: [UInt8] = [0xfe, 0x80] + [UInt8](repeating: 0, count: 14)

    @Test("a default route over an Ethernet link with a carrier is satisfied, by that interface")
    func defaultRouteOverEthernet() {
        let snapshot = RoutingSnapshot(
            links: [Self.loopback, Self.ethernet(2, "eth0")],
            routes: [
                Self.route(2, prefix: 0), Self.route(2, prefix: 24),
                Self.route(1, prefix: 8, unicast: false, main: false),
            ])
        let path = snapshot.path
        #expect(path.status == .satisfied)
        #expect(path.availableInterfaces == [NetworkInterface(name: "eth0", index: 2, type: .wiredEthernet)])
        #expect(path.hasDefaultRoute)
        #expect(path.supportsIPv4 && !path.supportsIPv6)
        #expect(path.usesInterfaceType(.wiredEthernet) && !path.usesInterfaceType(.wifi))
    }

    @Test("only loopback, a link set down, or a link without carrier: unsatisfied")
    func noUsableLink() {
        let onlyLoopback = RoutingSnapshot(links: [Self.loopback], routes: [Self.route(1, prefix: 8, main: false)])
        #expect(onlyLoopback.path.status == .unsatisfied)
        let down = RoutingSnapshot(
            links: [Self.loopback, Self.ethernet(2, "veth0", up: false, carrier: false)], routes: [])
        #expect(down.path == NetworkPath(status: .unsatisfied))
        // A carrier lost keeps the routes (marked linkdown) but they lead nowhere.
        let noCarrier = RoutingSnapshot(
            links: [Self.loopback, Self.ethernet(2, "veth0", carrier: false)],
            routes: [Self.route(2, prefix: 0), Self.route(2, prefix: 24)])
        #expect(noCarrier.path.status == .unsatisfied)
    }

    @Test("a subnet route alone is enough (a LAN with no gateway); IPv6 link-local routes are not")
    func subnetAndLinkLocal() {
        let lan = RoutingSnapshot(links: [Self.ethernet(3, "veth-c")], routes: [Self.route(3, prefix: 24)])
        #expect(lan.path.status == .satisfied)
        #expect(!lan.path.hasDefaultRoute)
        let linkLocalOnly = RoutingSnapshot(
            links: [Self.ethernet(3, "veth-c")], routes: [Self.route(3, .ipv6, prefix: 64, destination: Self.linkLocal)]
        )
        #expect(linkLocalOnly.path.status == .unsatisfied)
    }

    @Test("the interface with the default route comes first; Wi-Fi is told apart from Ethernet")
    func orderAndTypes() {
        var wifi = Self.ethernet(4, "wlan0")
        wifi.isWireless = true
        let snapshot = RoutingSnapshot(
            links: [Self.ethernet(2, "eth0"), wifi],
            routes: [Self.route(2, prefix: 16), Self.route(4, .ipv6, prefix: 0)])
        #expect(snapshot.path.availableInterfaces.map(\.name) == ["wlan0", "eth0"])
        #expect(snapshot.path.availableInterfaces.first?.type == .wifi)
        #expect(snapshot.path.supportsIPv4 && snapshot.path.supportsIPv6)
        #expect(snapshot.path.description == "satisfied via wlan0 (wifi), eth0 (wiredEthernet)")
    }

    @Test("the kernel's own tables read back: loopback is listed and never makes the path")
    func readsTheKernelTables() throws {
        let snapshot = try RoutingTableReader.snapshot()
        #expect(snapshot.links.contains { $0.isLoopback && $0.name == "lo" })
        #expect(snapshot.path.availableInterfaces.allSatisfy { $0.type != .loopback })
        let monitor = NetworkMonitor()
        defer { monitor.cancel() }
        #expect(monitor.isObserving)
        #expect(monitor.currentPath == snapshot.path)
    }
}
