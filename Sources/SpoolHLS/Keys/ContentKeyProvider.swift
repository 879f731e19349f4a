/// Supplies the 16-byte AES-128 keys that encrypted segments need: the one place for
/// entitlement checks, token exchange or a DRM service. The default, `URLContentKeyProvider`,
/// fetches the key URI.
///
/// BLOCKING: `contentKey(for:)` is called on a segment download thread, never on the Swift
/// cooperative pool, and may block for network I/O. Implementations are `Sendable`: several
/// download threads may ask at once.
public protocol ContentKeyProvider: Sendable {
    /// The raw 16-byte key for `request`, or the reason there is none. An implementation
    /// that cannot serve `request.method` or `request.keyFormat` throws `.unsupportedMethod`.
    func contentKey(for request: ContentKeyRequest) throws(ContentKeyError) -> [UInt8]
}
