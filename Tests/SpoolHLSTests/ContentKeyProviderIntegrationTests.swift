import Foundation
import SpoolHLS
import SpoolTestSupport
import Testing

/// URLContentKeyProvider's default byte sources against the encrypted ladder served by nginx.
@Suite(.timeLimit(.minutes(3))) struct ContentKeyProviderIntegrationTests {
    @Test func fetchesTheLadderKeyOverHTTP() async throws {
        _ = try await HLSTestMedia.ladder(.aes128)
        let server = try await NginxServer.start(NginxConfiguration(root: HLSTestMedia.root()))
        defer { server.stop() }
        let provider = URLContentKeyProvider()
        let playlist = server.url("/aes128/v1/index.m3u8")
        let request = ContentKeyRequest(
            keyURI: server.url(HLSTestMedia.aes128KeyPath), method: .aes128, keyFormat: "identity",
            playlistURL: playlist)
        let key = try await runOnDedicatedThread { fetch(provider, request) }.get()
        #expect(key == HLSTestMedia.aes128Key)

        let missing = ContentKeyRequest(
            keyURI: server.url("/aes128/missing.key"), method: .aes128, keyFormat: "identity", playlistURL: playlist)
        let failure = await runOnDedicatedThread { fetch(provider, missing) }
        #expect(throws: ContentKeyError.fetchFailed(.notFound(missing.keyURI))) { try failure.get() }
        #expect(await server.waitForRequests(timeout: .seconds(5)) { $0.count >= 2 })
        #expect(server.requests().map(\.path) == [HLSTestMedia.aes128KeyPath, "/aes128/missing.key"])
    }

    /// The blocking call, as a Result (typed-throws closure literals crash this compiler).
    private func fetch(_ provider: URLContentKeyProvider, _ request: ContentKeyRequest) -> Result<
        [UInt8], ContentKeyError
    > {
        do { return .success(try provider.contentKey(for: request)) } catch { return .failure(error) }
    }
}
