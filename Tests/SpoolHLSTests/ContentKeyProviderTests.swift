import Foundation
import SpoolCore
import SpoolHLS
import SpoolTestSupport
import Testing

/// URLContentKeyProvider with a fake byte source factory that records what was fetched.
@Suite struct ContentKeyProviderTests {
    /// Serves `bodies` by URL (404 for others) and counts the sources it made.
    private final class FakeKeyServer: Sendable {
        let bodies: [URL: Data]
        private let made = Locked<[URL]>([])
        private let sources = Locked<[FakeByteSource]>([])

        init(_ bodies: [URL: Data]) { self.bodies = bodies }

        var fetched: [URL] { made.withLock { $0 } }
        var allClosed: Bool { sources.withLock { $0.allSatisfy(\.isClosed) } }

        func makeSource(_ url: URL) -> any ByteSource {
            made.withLock { $0.append(url) }
            var script = FakeByteSource.Script(bytes: bodies[url] ?? Data())
            if bodies[url] == nil { script.openError = .notFound(url) }
            let source = FakeByteSource(script: script, url: url)
            sources.withLock { $0.append(source) }
            return source
        }

        func provider(cacheCapacity: Int = 8) -> URLContentKeyProvider {
            URLContentKeyProvider(cacheCapacity: cacheCapacity) { url in self.makeSource(url) }
        }
    }

    private let playlist = URL(string: "https://cdn.example/live/v0/index.m3u8")!
    private let keyA = URL(string: "https://keys.example/a.key")!
    private let keyB = URL(string: "https://keys.example/b.key")!
    private let keyC = URL(string: "https://keys.example/c.key")!

    private func request(_ uri: URL, method: EncryptionKey.Method = .aes128, format: String = "identity")
        -> ContentKeyRequest
    {
        ContentKeyRequest(keyURI: uri, method: method, keyFormat: format, playlistURL: playlist)
    }

    private func bytes(_ seed: UInt64, count: Int = 16) -> Data {
        TestMedia.pseudoRandomBytes(count: count, seed: seed)
    }

    @Test func fetchesTheKeyAndClosesTheSource() throws {
        let server = FakeKeyServer([keyA: bytes(1)])
        let key = try server.provider().contentKey(for: request(keyA))
        #expect(key == [UInt8](bytes(1)))
        #expect(server.fetched == [keyA])
        #expect(server.allClosed)
    }

    @Test func cachesByURIAndEvictsTheLeastRecentlyUsed() throws {
        let server = FakeKeyServer([keyA: bytes(1), keyB: bytes(2), keyC: bytes(3)])
        let provider = server.provider(cacheCapacity: 2)
        #expect(try provider.contentKey(for: request(keyA)) == [UInt8](bytes(1)))
        #expect(try provider.contentKey(for: request(keyA)) == [UInt8](bytes(1)))
        #expect(server.fetched == [keyA])
        _ = try provider.contentKey(for: request(keyB))
        _ = try provider.contentKey(for: request(keyA))  // A is now the most recent
        _ = try provider.contentKey(for: request(keyC))  // evicts B
        _ = try provider.contentKey(for: request(keyA))
        #expect(server.fetched == [keyA, keyB, keyC])
        _ = try provider.contentKey(for: request(keyB))
        #expect(server.fetched == [keyA, keyB, keyC, keyB])
    }

    @Test(arguments: [0, 1, 15, 17, 4096])
    func keysMustBeSixteenBytes(count: Int) throws {
        let server = FakeKeyServer([keyA: bytes(4, count: count)])
        #expect(throws: ContentKeyError.badKeyLength(min(count, 17), keyA)) {
            try server.provider().contentKey(for: request(keyA))
        }
        #expect(server.allClosed)
    }

    @Test func fetchFailuresCarryTheByteSourceError() throws {
        let server = FakeKeyServer([:])
        #expect(throws: ContentKeyError.fetchFailed(.notFound(keyA))) {
            try server.provider().contentKey(for: request(keyA))
        }
        // A failure is not cached: the next request fetches again.
        _ = try? server.provider().contentKey(for: request(keyA))
        #expect(server.fetched == [keyA, keyA])
    }

    @Test(arguments: [EncryptionKey.Method.sampleAES, .sampleAESCTR])
    func sampleAESIsUnsupportedWithoutFetching(method: EncryptionKey.Method) throws {
        let server = FakeKeyServer([keyA: bytes(1)])
        #expect(throws: ContentKeyError.unsupportedMethod(method.rawValue)) {
            try server.provider().contentKey(for: request(keyA, method: method))
        }
        #expect(server.fetched.isEmpty)
        #expect(ContentKeyError.unsupportedMethod(method.rawValue).description.contains(method.rawValue))
    }

    @Test func otherKeyFormatsAreUnsupported() throws {
        let server = FakeKeyServer([keyA: bytes(1)])
        let error = #expect(throws: ContentKeyError.self) {
            try server.provider().contentKey(for: request(keyA, format: "com.apple.streamingkeydelivery"))
        }
        guard case .unsupportedMethod(let text) = error else {
            Issue.record("expected unsupportedMethod, got \(String(describing: error))")
            return
        }
        #expect(text.contains("com.apple.streamingkeydelivery"))
        #expect(server.fetched.isEmpty)
    }

    @Test func aRemotePlaylistCannotNameALocalKey() throws {
        let local = URL(fileURLWithPath: "/etc/secret.key")
        let server = FakeKeyServer([local: bytes(1)])
        let error = #expect(throws: ContentKeyError.self) { try server.provider().contentKey(for: request(local)) }
        guard case .denied = error else {
            Issue.record("expected denied, got \(String(describing: error))")
            return
        }
        #expect(server.fetched.isEmpty)
        // A local playlist may use a local key.
        let localRequest = ContentKeyRequest(
            keyURI: local, method: .aes128, keyFormat: "identity", playlistURL: URL(fileURLWithPath: "/media/a.m3u8"))
        #expect(try server.provider().contentKey(for: localRequest) == [UInt8](bytes(1)))
    }

    @Test func requestFromAParsedKeyTag() throws {
        let text = """
            #EXTM3U
            #EXT-X-TARGETDURATION:2
            #EXT-X-KEY:METHOD=AES-128,URI="../keys/k1.key",IV=0x000102030405060708090a0b0c0d0e0f
            #EXTINF:2,
            seg0.ts
            #EXT-X-ENDLIST
            """
        let media = try #require(try Playlist.parse(text, url: playlist, importedDefinitions: nil).mediaPlaylist)
        let key = try #require(media.segments.first?.key)
        let request = ContentKeyRequest(key: key, playlistURL: playlist)
        #expect(request.keyURI == URL(string: "https://cdn.example/live/keys/k1.key"))
        #expect(request.method == .aes128)
        #expect(request.keyFormat == "identity")
        #expect(request.playlistURL == playlist)
    }

    @Test func descriptionsNameTheCause() {
        #expect(ContentKeyError.badKeyLength(15, keyA).description.contains("15 bytes"))
        #expect(ContentKeyError.badKeyLength(17, keyA).description.contains("longer than 16"))
        #expect(ContentKeyError.fetchFailed(.notFound(keyA)).description.contains("not found"))
        #expect(ContentKeyError.denied("entitlement expired").description.contains("entitlement expired"))
    }
}
