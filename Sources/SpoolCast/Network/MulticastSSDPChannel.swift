public import Foundation
import SpoolCore
import SpoolNetwork

/// The product's channel: SpoolNetwork's `MulticastDatagramSocket` on 239.255.255.250:1900.
public final class MulticastSSDPChannel: SSDPChannel {
    private let socket = Locked<MulticastDatagramSocket?>(nil)

    /// A channel, not yet open.
    public init() {}

    /// See `SSDPChannel.open(_:)`: opens the sockets and joins the group.
    public func open(_ receive: @escaping @Sendable (Data, String) -> Void) throws(RendererDiscoveryError) {
        do {
            let opened = try MulticastDatagramSocket(receive: receive)
            socket.withLock { $0 = opened }
        } catch {
            throw .network(error.description)
        }
    }

    /// See `SSDPChannel.send(_:)`.
    public func send(_ datagram: Data) throws(RendererDiscoveryError) {
        guard let socket = socket.withLock({ $0 }) else { throw .network("the SSDP channel is not open") }
        do {
            try socket.send(datagram)
        } catch {
            throw .network(error.description)
        }
    }

    /// See `SSDPChannel.close()`.
    public func close() {
        socket.withLock { socket in
            defer { socket = nil }
            return socket
        }?.close()
    }
}
