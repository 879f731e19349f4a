/// The HLS client's namespace. Playlist parsing, variant selection, live reload and
/// segment scheduling arrive with the HLS work; this target stays pure Swift and reaches
/// the network only through protocols from SpoolCore.
public enum HLS {
    /// The newest protocol version whose tags this client understands (RFC 8216bis).
    public static let supportedProtocolVersion = 12
}
