public import Foundation
import SpoolCore

extension Renderer {
    /// Reads the MediaRenderer `udn` from the device description `data`, fetched from `url`.
    ///
    /// Guarantees: the input is bounded by `limits` and read by the shared bounded tokenizer
    /// (no DTD, no entity expansion); the device is found by its UDN among the root device and
    /// its embedded devices and must be a MediaRenderer; friendlyName is required (control
    /// characters become spaces); AVTransport, RenderingControl and ConnectionManager must all
    /// be listed with their three URLs; every URL (URLBase included) must resolve to `http` on
    /// `url`'s host — an icon elsewhere is dropped, a service elsewhere rejects the description.
    public static func parse(
        description data: Data, from url: URL, udn: String, limits: DeviceDescriptionLimits = .default
    ) throws(DeviceDescriptionError) -> Renderer {
        guard data.count <= limits.maxBytes else { throw .tooLarge(limit: limits.maxBytes) }
        let bytes = [UInt8](data)
        guard String(validating: bytes, as: UTF8.self) != nil else { throw .notUTF8 }
        let root: XMLElement
        do {
            root = try XMLTokenizer.parse(bytes, limits: limits.xml)
        } catch {
            throw DeviceDescriptionError(error)
        }
        guard root.name == "root" else { throw .notDeviceDescription(root.name) }
        var base = url
        if let urlBase = root.child(named: "URLBase").map({ $0.text.trimmed }), !urlBase.isEmpty {
            base = try DescriptionURLs(device: url).resolve(urlBase, field: "URLBase", against: url)
        }
        let urls = DescriptionURLs(device: url)
        guard let device = root.child(named: "device").flatMap({ Self.find(udn, in: $0) }),
            SSDPAnnouncement.isMediaRenderer(device.child(named: "deviceType")?.text.trimmed ?? "")
        else { throw .noSuchRenderer(udn: udn) }
        let name = Self.oneLine(device.child(named: "friendlyName")?.text ?? "")
        guard !name.isEmpty else { throw .missing("friendlyName") }
        let services = device.child(named: "serviceList")?.children(named: "service") ?? []
        func service(_ kind: String) throws(DeviceDescriptionError) -> RendererService {
            let prefix = "urn:schemas-upnp-org:service:\(kind):"
            guard
                let element = services.first(where: {
                    ($0.child(named: "serviceType")?.text.trimmed ?? "").hasPrefix(prefix)
                })
            else { throw .missingService(kind) }
            func link(_ field: String) throws(DeviceDescriptionError) -> URL {
                let value = element.child(named: field)?.text.trimmed ?? ""
                guard !value.isEmpty else { throw .missing("\(kind) \(field)") }
                return try urls.resolve(value, field: "\(kind) \(field)", against: base)
            }
            return RendererService(
                serviceType: element.child(named: "serviceType")?.text.trimmed ?? "",
                controlURL: try link("controlURL"),
                eventURL: try link("eventSubURL"), descriptionURL: try link("SCPDURL"))
        }
        return Renderer(
            udn: udn, name: name, descriptionURL: url, manufacturer: Self.optional(device, "manufacturer"),
            modelName: Self.optional(device, "modelName"), iconURL: Self.icon(device, urls: urls, base: base),
            avTransport: try service("AVTransport"), renderingControl: try service("RenderingControl"),
            connectionManager: try service("ConnectionManager"))
    }

    /// The device with UDN `udn`: `device` itself or one in its deviceList, depth first (the
    /// tokenizer's depth limit bounds the recursion).
    private static func find(_ udn: String, in device: XMLElement) -> XMLElement? {
        if device.child(named: "UDN")?.text.trimmed.lowercased() == udn.lowercased() { return device }
        for child in device.child(named: "deviceList")?.children(named: "device") ?? [] {
            if let found = find(udn, in: child) { return found }
        }
        return nil
    }

    /// The largest PNG or JPEG icon on the device's host; icons elsewhere are skipped.
    private static func icon(_ device: XMLElement, urls: DescriptionURLs, base: URL) -> URL? {
        let icons = device.child(named: "iconList")?.children(named: "icon") ?? []
        let candidates = icons.compactMap { icon -> (width: Int, url: URL)? in
            let type = icon.child(named: "mimetype")?.text.trimmed.lowercased() ?? ""
            guard type == "image/png" || type == "image/jpeg", let text = icon.child(named: "url")?.text.trimmed,
                let url = try? urls.resolve(text, field: "icon url", against: base)
            else { return nil }
            return (Int(icon.child(named: "width")?.text.trimmed ?? "") ?? 0, url)
        }
        return candidates.max { $0.width < $1.width }?.url
    }

    private static func optional(_ device: XMLElement, _ name: String) -> String? {
        let value = oneLine(device.child(named: name)?.text ?? "")
        return value.isEmpty ? nil : value
    }

    /// `text` trimmed, with every control character (tab, line breaks) replaced by a space.
    static func oneLine(_ text: String) -> String {
        String(
            String.UnicodeScalarView(text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 })
        )
        .trimmed
    }
}

/// The rule for a description's URLs: relative ones resolve against the base; the result must
/// be `http` on the host (and port-agnostic: a device serves control on other ports) that
/// served the description.
struct DescriptionURLs {
    let device: URL

    func resolve(_ value: String, field: String, against base: URL) throws(DeviceDescriptionError) -> URL {
        guard let url = URL(string: value, relativeTo: base)?.absoluteURL, url.scheme?.lowercased() == "http",
            let host = url.host(), host == device.host(), url.user == nil, url.password == nil
        else { throw .urlOutsideDevice(field: field, value: value) }
        return url
    }
}

extension String {
    /// Without leading and trailing white space.
    fileprivate var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
