/// Bounds on an SSDP datagram: anyone on the link can send one, so its size, its line lengths
/// and its header count are capped, and exceeding a cap rejects the datagram.
public struct SSDPLimits: Sendable, Equatable {
    /// The largest datagram accepted, in bytes. Default 8,192: UPnP keeps SSDP messages within
    /// one Ethernet frame (~1,500 bytes); the rest is room for verbose devices.
    public var maxBytes: Int
    /// The longest line (start line or header), in bytes. Default 1,024.
    public var maxLineLength: Int
    /// The most header fields. Default 32.
    public var maxHeaders: Int

    /// Limits with explicit values; every parameter defaults to the documented default.
    public init(maxBytes: Int = 8_192, maxLineLength: Int = 1_024, maxHeaders: Int = 32) {
        self.maxBytes = maxBytes
        self.maxLineLength = maxLineLength
        self.maxHeaders = maxHeaders
    }

    /// The defaults.
    public static let `default` = SSDPLimits()
}
