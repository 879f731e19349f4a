public import Foundation

/// What a segment needs to be decrypted: the key named by its EXT-X-KEY, and the playlist it
/// came from (whose origin decides which key URIs are allowed, and which an entitlement
/// service may want to see).
public struct ContentKeyRequest: Sendable, Equatable {
    /// The key's URI, absolute (resolved against the playlist).
    public let keyURI: URL
    /// METHOD of the EXT-X-KEY.
    public let method: EncryptionKey.Method
    /// KEYFORMAT of the EXT-X-KEY ("identity" unless the playlist said otherwise).
    public let keyFormat: String
    /// The media playlist the key was declared in.
    public let playlistURL: URL

    /// A request for the key at `keyURI`, declared in `playlistURL`.
    public init(keyURI: URL, method: EncryptionKey.Method, keyFormat: String, playlistURL: URL) {
        self.keyURI = keyURI
        self.method = method
        self.keyFormat = keyFormat
        self.playlistURL = playlistURL
    }

    /// The request for `key`, as parsed from the media playlist at `playlistURL`.
    public init(key: EncryptionKey, playlistURL: URL) {
        self.init(keyURI: key.uri, method: key.method, keyFormat: key.keyFormat, playlistURL: playlistURL)
    }
}
