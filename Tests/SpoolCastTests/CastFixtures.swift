import Foundation

/// Inputs as gmediarender 0.1 (libupnp 1.8.4) sends them, captured from one in a network
/// namespace, with the addresses of the tests.
enum CastFixtures {
    static let source = "10.78.1.1"
    static let udn = "uuid:1234abcd"
    static let location = URL(string: "http://10.78.1.1:49494/description.xml")!

    /// A search answer, CRLF-terminated, with the fields in libupnp's order.
    static func searchResponse(
        maxAge: String = "max-age=1800", location: String = "http://10.78.1.1:49494/description.xml",
        usn: String = "uuid:1234abcd::urn:schemas-upnp-org:device:MediaRenderer:1",
        st: String = "urn:schemas-upnp-org:device:MediaRenderer:1", extra: [String] = []
    ) -> Data {
        datagram(
            [
                "HTTP/1.1 200 OK", "CACHE-CONTROL: \(maxAge)", "DATE: Mon, 07 Dec 2026 19:23:14 GMT", "EXT:",
                "LOCATION: \(location)", "SERVER: Linux/6.18, UPnP/1.0, Portable SDK for UPnP devices/1.8.4",
                "X-User-Agent: redsonic", "ST: \(st)", "USN: \(usn)",
            ] + extra)
    }

    /// A NOTIFY with `nts` (ssdp:alive or ssdp:byebye).
    static func notify(_ nts: String, maxAge: Int = 1800, udn: String = "uuid:1234abcd") -> Data {
        var lines = [
            "NOTIFY * HTTP/1.1", "HOST: 239.255.255.250:1900", "NT: urn:schemas-upnp-org:device:MediaRenderer:1",
            "NTS: \(nts)", "USN: \(udn)::urn:schemas-upnp-org:device:MediaRenderer:1",
        ]
        if nts == "ssdp:alive" {
            lines += ["CACHE-CONTROL: max-age=\(maxAge)", "LOCATION: http://10.78.1.1:49494/description.xml"]
        }
        return datagram(lines)
    }

    static func datagram(_ lines: [String]) -> Data { Data((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8) }

    /// gmediarender's device description (`gmediarender --dump-devicedesc`), its UDN and name
    /// replaced.
    static func description(
        udn: String = "uuid:1234abcd", name: String = "Test TV", urlBase: String? = nil,
        avTransportControl: String = "/upnp/control/rendertransport1", iconURL: String = "/upnp/grender-128x128.png",
        withoutRenderingControl: Bool = false
    ) -> Data {
        let base = urlBase.map { "<URLBase>\($0)</URLBase>\n" } ?? ""
        let renderingControl =
            withoutRenderingControl
            ? ""
            : """
            <service>
            <serviceType>urn:schemas-upnp-org:service:RenderingControl:1</serviceType>
            <serviceId>urn:upnp-org:serviceId:RenderingControl</serviceId>
            <SCPDURL>/upnp/rendercontrolSCPD.xml</SCPDURL>
            <controlURL>/upnp/control/rendercontrol1</controlURL>
            <eventSubURL>/upnp/event/rendercontrol1</eventSubURL>
            </service>
            """
        return Data(
            """
            <?xml version="1.0"?>
            <root xmlns="urn:schemas-upnp-org:device-1-0">
            <specVersion><major>1</major><minor>0</minor></specVersion>
            \(base)<device>
            <deviceType>urn:schemas-upnp-org:device:MediaRenderer:1</deviceType>
            <presentationURL></presentationURL>
            <friendlyName>\(name)</friendlyName>
            <manufacturer>Ivo Clarysse, Henner Zeller</manufacturer>
            <modelName>gmediarender</modelName>
            <UDN>\(udn)</UDN>
            <iconList>
            <icon><mimetype>image/png</mimetype><width>64</width><height>64</height><depth>24</depth>
            <url>/upnp/grender-64x64.png</url></icon>
            <icon><mimetype>image/png</mimetype><width>128</width><height>128</height><depth>24</depth>
            <url>\(iconURL)</url></icon>
            </iconList>
            <serviceList>
            <service>
            <serviceType>urn:schemas-upnp-org:service:AVTransport:1</serviceType>
            <serviceId>urn:upnp-org:serviceId:AVTransport</serviceId>
            <SCPDURL>/upnp/rendertransportSCPD.xml</SCPDURL>
            <controlURL>\(avTransportControl)</controlURL>
            <eventSubURL>/upnp/event/rendertransport1</eventSubURL>
            </service>
            <service>
            <serviceType>urn:schemas-upnp-org:service:ConnectionManager:1</serviceType>
            <serviceId>urn:upnp-org:serviceId:ConnectionManager</serviceId>
            <SCPDURL>/upnp/renderconnmgrSCPD.xml</SCPDURL>
            <controlURL>/upnp/control/renderconnmgr1</controlURL>
            <eventSubURL>/upnp/event/renderconnmgr1</eventSubURL>
            </service>
            \(renderingControl)
            </serviceList>
            </device>
            </root>
            """.utf8)
    }
}
