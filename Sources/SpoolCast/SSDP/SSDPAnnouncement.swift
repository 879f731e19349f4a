public import Foundation

/// What an SSDP datagram says about a MediaRenderer: it is there (with where its description
/// is and for how long the word holds), or it left.
public enum SSDPAnnouncement: Sendable, Equatable {
    /// A search answer or a NOTIFY ssdp:alive: the renderer `udn` is described at `location`
    /// and counts as present for `maxAge` unless it says otherwise.
    case alive(udn: String, location: URL, maxAge: Duration)
    /// A NOTIFY ssdp:byebye: the renderer `udn` left.
    case byebye(udn: String)

    /// The device name (`uuid:…`) it is about.
    public var udn: String {
        switch self {
        case .alive(let udn, _, _), .byebye(let udn): udn
        }
    }

    /// Reads `message`, which came from IPv4 address `source`: `nil` when it is not about a
    /// MediaRenderer (another device type, a search, an ssdp:update); throws when it is but a
    /// field it needs is missing, malformed, or (LOCATION) points at a host other than `source`.
    public static func read(_ message: SSDPMessage, source: String) throws(SSDPParseError) -> SSDPAnnouncement? {
        let type: String
        switch message.kind {
        case .search: return nil
        case .searchResponse: type = try message.required("ST")
        case .notify: type = try message.required("NT")
        }
        guard isMediaRenderer(type) else { return nil }
        let udn = try Self.udn(fromUSN: message.required("USN"))
        if message.kind == .notify {
            switch try message.required("NTS").lowercased() {
            case "ssdp:byebye": return .byebye(udn: udn)
            case "ssdp:alive": break
            default: return nil
            }
        }
        let maxAge = try Self.maxAge(message.required("CACHE-CONTROL"))
        let location = try Self.location(message.required("LOCATION"), source: source)
        return .alive(udn: udn, location: location, maxAge: .seconds(maxAge))
    }

    /// `urn:schemas-upnp-org:device:MediaRenderer:N` with a version N of 1 or more.
    static func isMediaRenderer(_ type: String) -> Bool {
        let prefix = "urn:schemas-upnp-org:device:MediaRenderer:"
        guard type.hasPrefix(prefix), let version = Int(type.dropFirst(prefix.count)) else { return false }
        return version >= 1
    }

    /// The `uuid:…` before `::` in a USN; at most 128 characters of token-like text.
    static func udn(fromUSN usn: String) throws(SSDPParseError) -> String {
        let device = usn.components(separatedBy: "::")[0]
        guard device.lowercased().hasPrefix("uuid:"), device.count > 5, device.count <= 128,
            device.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 0x20 && $0 != "<" && $0 != ">" })
        else { throw .invalidUSN(usn) }
        return device
    }

    /// The `max-age` directive of CACHE-CONTROL, 1 to 86,400 seconds (a day: a device that
    /// claims longer would linger long after it is gone).
    static func maxAge(_ value: String) throws(SSDPParseError) -> Int {
        for directive in value.split(separator: ",") {
            let parts = directive.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, parts[0].lowercased() == "max-age" else { continue }
            guard let seconds = Int(parts[1]), (1...86_400).contains(seconds) else { break }
            return seconds
        }
        throw .invalidMaxAge(value)
    }

    /// LOCATION as an absolute `http` URL on `source` itself.
    static func location(_ value: String, source: String) throws(SSDPParseError) -> URL {
        guard let url = URL(string: value), url.scheme?.lowercased() == "http", let host = url.host(), !host.isEmpty,
            url.user == nil, url.password == nil
        else { throw .invalidLocation(value) }
        guard host == source else { throw .locationElsewhere(location: value, source: source) }
        return url
    }
}
