public import Foundation

/// The M-SEARCH datagram spool sends: a search for MediaRenderer devices on the SSDP group.
public enum SSDPSearch {
    /// The search target: UPnP AV's MediaRenderer, version 1 (a version-2 or -3 renderer
    /// answers a version-1 search too, as UPnP requires of later versions).
    public static let mediaRendererType = "urn:schemas-upnp-org:device:MediaRenderer:1"

    /// The datagram, with `MX` seconds for devices to spread their answers over (1 to 5).
    public static func datagram(maxWait seconds: Int = 1) -> Data {
        let lines = [
            "M-SEARCH * HTTP/1.1",
            "HOST: 239.255.255.250:1900",
            "MAN: \"ssdp:discover\"",
            "MX: \(min(max(seconds, 1), 5))",
            "ST: \(mediaRendererType)",
            "USER-AGENT: Linux UPnP/1.1 Spool/1.0",
        ]
        return Data((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
    }
}
