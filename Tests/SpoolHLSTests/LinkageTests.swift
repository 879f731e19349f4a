import Testing

@testable import SpoolHLS

/// The HLS client claims the RFC 8216bis protocol version it is written against.
@Test func supportsCurrentProtocolVersion() {
    #expect(HLS.supportedProtocolVersion >= 7)
}
