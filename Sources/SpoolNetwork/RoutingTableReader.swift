import CNetlink
import Foundation
import SpoolCore

/// Reads `RoutingSnapshot`s from the kernel over rtnetlink (CNetlink's dumps).
///
/// Ownership: each dump opens, uses and closes its own netlink socket inside CNetlink; the
/// arrays the kernel's answer is copied into are owned here for the duration of one call.
enum RoutingTableReader {
    /// Why the tables could not be read.
    struct Failure: Error, Equatable {
        /// The errno the kernel returned.
        var code: Int32
        var message: String { String(cString: strerror(code)) }
    }

    /// The links and routes now.
    static func snapshot() throws(Failure) -> RoutingSnapshot {
        let rawLinks = try dump(spool_nl_link(), spool_nl_dump_links)
        let rawRoutes = try dump(spool_nl_route(), spool_nl_dump_routes)
        let links = rawLinks.map(link)
        return RoutingSnapshot(links: links, routes: rawRoutes.map(route))
    }

    /// Runs a dump into an array big enough for the answer (grown once when the first guess
    /// was too small; the tables may grow in between, so it tries a few times).
    private static func dump<Item>(
        _ blank: Item, _ call: (UnsafeMutablePointer<Item>?, Int32) -> Int32
    ) throws(Failure) -> [Item] {
        var capacity = 64
        for _ in 0..<4 {
            var items = [Item](repeating: blank, count: capacity)
            let count = items.withUnsafeMutableBufferPointer { call($0.baseAddress, Int32($0.count)) }
            if count < 0 { throw Failure(code: -count) }
            if Int(count) <= capacity { return Array(items.prefix(Int(count))) }
            capacity = Int(count) * 2
        }
        throw Failure(code: EAGAIN)
    }

    private static func link(_ raw: spool_nl_link) -> RoutingSnapshot.Link {
        let name = withUnsafeBytes(of: raw.name) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
        // IFF_UP, IFF_LOOPBACK and IFF_RUNNING (linux/if.h), which Glibc's overlay imports as
        // an enum of a type that differs between versions.
        let (up, loopback, running): (UInt32, UInt32, UInt32) = (0x1, 0x8, 0x40)
        let flags = raw.flags
        return RoutingSnapshot.Link(
            index: Int(raw.index), name: name, isUp: flags & up != 0, isRunning: flags & running != 0,
            isLoopback: flags & loopback != 0, hardwareType: raw.type,
            isWireless: !name.isEmpty && FileManager.default.fileExists(atPath: "/sys/class/net/\(name)/wireless"))
    }

    private static func route(_ raw: spool_nl_route) -> RoutingSnapshot.Route {
        let family: RoutingSnapshot.Route.Family =
            switch Int32(raw.family) {
            case AF_INET: .ipv4
            case AF_INET6: .ipv6
            default: .other
            }
        let size = family == .ipv4 ? 4 : 16
        let destination = withUnsafeBytes(of: raw.dst) { Array($0.prefix(size)) }
        // RTN_UNICAST is 1 and RT_TABLE_MAIN 254 (linux/rtnetlink.h): enum constants that
        // CNetlink's header does not re-export.
        return RoutingSnapshot.Route(
            family: family, destinationLength: Int(raw.dst_len), destination: destination, isUnicast: raw.type == 1,
            isMainTable: raw.table == 254, interfaceIndex: Int(raw.oif))
    }
}
