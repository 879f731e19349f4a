/// The HLS client's namespace. Playlist parsing is `Playlist.parse(_:url:importedDefinitions:limits:)`;
/// variant selection, live reload and segment scheduling arrive with the rest of the HLS work.
/// This target stays pure Swift and reaches the network only through protocols from SpoolCore.
public enum HLS {
    /// The newest protocol version whose tags this client understands (RFC 8216bis).
    public static let supportedProtocolVersion = 12
}
