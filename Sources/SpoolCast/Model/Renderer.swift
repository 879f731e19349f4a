public import Foundation

/// A UPnP AV MediaRenderer on the network (a TV, Kodi, gmediarender): an external playback
/// route, as its device description tells it.
///
/// Guarantees: every URL is `http` on the host that answered spool's search (or announced the
/// device), resolved against the description; `name` holds no control characters (tabs and
/// line breaks became spaces), so it is safe in one line of output.
public struct Renderer: Sendable, Equatable, Identifiable {
    /// The device's unique name (`uuid:…`), stable across restarts and address changes.
    public let udn: String
    /// The name the user gave the device (friendlyName).
    public let name: String
    /// Where its device description was read.
    public let descriptionURL: URL
    /// The maker and model, when the description gives them.
    public let manufacturer: String?
    /// The model name, when the description gives it.
    public let modelName: String?
    /// The largest PNG or JPEG icon the description lists on the device's own host, if any.
    public let iconURL: URL?
    /// AVTransport: what plays (SetAVTransportURI, Play, Pause, Seek).
    public let avTransport: RendererService
    /// RenderingControl: volume and mute.
    public let renderingControl: RendererService
    /// ConnectionManager: what it can play (GetProtocolInfo).
    public let connectionManager: RendererService

    /// The UDN: one renderer per device name.
    public var id: String { udn }
}

/// One UPnP service of a renderer: where its actions and events go.
public struct RendererService: Sendable, Equatable {
    /// The full service type (`urn:schemas-upnp-org:service:AVTransport:1`).
    public let serviceType: String
    /// Where SOAP actions are posted.
    public let controlURL: URL
    /// Where GENA subscriptions go.
    public let eventURL: URL
    /// The service description (SCPD).
    public let descriptionURL: URL
}
