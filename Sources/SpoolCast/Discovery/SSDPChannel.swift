public import Foundation

/// Where SSDP datagrams go out and come in: the multicast socket in the product, a fake in
/// unit tests (which hand datagrams in by hand, on virtual time).
public protocol SSDPChannel: Sendable {
    /// Starts delivering every datagram, with the IPv4 address it came from, to `receive`.
    func open(_ receive: @escaping @Sendable (_ datagram: Data, _ source: String) -> Void)
        throws(RendererDiscoveryError)
    /// Sends `datagram` to the SSDP group on every usable interface.
    func send(_ datagram: Data) throws(RendererDiscoveryError)
    /// Stops delivering; idempotent.
    func close()
}
