public import Foundation
public import SpoolCore

/// The default `ContentKeyProvider`: fetches identity-format AES-128 keys from their URI.
///
/// Guarantees:
/// - Only METHOD=AES-128 with KEYFORMAT "identity" is served; SAMPLE-AES, SAMPLE-AES-CTR and
///   other key formats throw `.unsupportedMethod` without any fetch.
/// - A key URI the playlist's `URIPolicy` forbids (a `file:` key named by a remote playlist)
///   is refused with `.denied`, without any fetch.
/// - A key must be exactly 16 bytes (`.badKeyLength` otherwise); at most 17 bytes are read.
/// - Keys are cached by URI, the `cacheCapacity` most recently used ones, so the segments of
///   one key cost one fetch. Two threads missing the cache at once may both fetch.
/// - Blocking, like the protocol: the fetch runs on the calling (download) thread.
public final class URLContentKeyProvider: ContentKeyProvider {
    /// Makes the byte source a key is read from.
    public typealias ByteSourceFactory = @Sendable (URL) throws(ByteSourceError) -> any ByteSource

    /// How many keys are cached unless told otherwise.
    public static let defaultCacheCapacity = 32

    private let makeSource: ByteSourceFactory
    private let cacheCapacity: Int
    private let cache = Locked(KeyCache())

    /// A provider fetching through `makeSource` (by default `ByteSources.make(for:)`:
    /// files and HTTP(S)), caching up to `cacheCapacity` keys (at least 1).
    public init(
        cacheCapacity: Int = URLContentKeyProvider.defaultCacheCapacity,
        makeSource: @escaping ByteSourceFactory = URLContentKeyProvider.defaultSource
    ) {
        self.cacheCapacity = max(cacheCapacity, 1)
        self.makeSource = makeSource
    }

    /// `ByteSources.make(for:)` with default HTTP options.
    public static func defaultSource(for url: URL) throws(ByteSourceError) -> any ByteSource {
        try ByteSources.make(for: url)
    }

    /// The key for `request`, from the cache or fetched. Blocking.
    public func contentKey(for request: ContentKeyRequest) throws(ContentKeyError) -> [UInt8] {
        guard request.method == .aes128 else { throw .unsupportedMethod(request.method.rawValue) }
        guard request.keyFormat == EncryptionKey.identityFormat else {
            throw .unsupportedMethod("\(request.method.rawValue) with KEYFORMAT \"\(request.keyFormat)\"")
        }
        let policy = URIPolicy(playlistURL: request.playlistURL)
        guard policy.allows(request.keyURI) else {
            throw .denied(
                "\(request.keyURI.scheme ?? "no") scheme not allowed for a key named by \(request.playlistURL.redactedForDisplay)"
            )
        }
        if let key = cache.withLock({ $0.key(for: request.keyURI) }) { return key }
        let key = try fetch(request.keyURI)
        cache.withLock { $0.insert(key, for: request.keyURI, capacity: cacheCapacity) }
        return key
    }

    private func fetch(_ url: URL) throws(ContentKeyError) -> [UInt8] {
        let source: any ByteSource
        do { source = try makeSource(url) } catch { throw .fetchFailed(error) }
        defer { source.close() }
        var bytes: [UInt8] = []
        do {
            try source.open()
            // One byte more than a key: enough to tell a 16-byte key from a longer body.
            while bytes.count <= 16 {
                let chunk = try source.read(upTo: 17 - bytes.count)
                if chunk.isEmpty { break }
                bytes.append(contentsOf: chunk)
            }
        } catch {
            throw .fetchFailed(error)
        }
        guard bytes.count == 16 else { throw .badKeyLength(bytes.count, url) }
        return bytes
    }
}

/// The most recently used keys, by URI.
private struct KeyCache {
    private var keys: [URL: [UInt8]] = [:]
    /// Least recently used first.
    private var order: [URL] = []

    mutating func key(for url: URL) -> [UInt8]? {
        guard let key = keys[url] else { return nil }
        touch(url)
        return key
    }

    mutating func insert(_ key: [UInt8], for url: URL, capacity: Int) {
        keys[url] = key
        touch(url)
        while order.count > capacity { keys[order.removeFirst()] = nil }
    }

    private mutating func touch(_ url: URL) {
        order.removeAll { $0 == url }
        order.append(url)
    }
}
