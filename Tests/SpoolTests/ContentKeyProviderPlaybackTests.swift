import Foundation
import Spool
import SpoolCore
import SpoolTestSupport
import Testing

/// `PlayerItem.contentKeyProvider` on the real engine: the app's provider, not the key URI,
/// supplies the keys of an AES-128 ladder whose key file the server refuses (403).
@MainActor
@Suite("HLS content keys from the app's provider (integration)", .serialized, .timeLimit(.minutes(3)))
struct ContentKeyProviderPlaybackTests {
    /// Answers from memory and records what it was asked.
    final class RecordingProvider: ContentKeyProvider {
        let answer: Result<[UInt8], ContentKeyError>
        let requests = Locked<[ContentKeyRequest]>([])

        init(_ answer: Result<[UInt8], ContentKeyError>) { self.answer = answer }

        func contentKey(for request: ContentKeyRequest) throws(ContentKeyError) -> [UInt8] {
            requests.withLock { $0.append(request) }
            return try answer.get()
        }
    }

    /// The ladder over nginx with its key file refused.
    static func serveRefusingKey() async throws -> (SpoolTestSupport.HLSLadder, NginxServer) {
        let ladder = try await HLSTestMedia.ladder(.aes128)
        let server = try await NginxServer.start(
            NginxConfiguration(root: try HLSTestMedia.root(), statusOverrides: [HLSTestMedia.aes128KeyPath: 403]))
        return (ladder, server)
    }

    /// Plays variant 0 untimed through `provider`; returns the item, its events and the listing.
    static func play(
        _ ladder: SpoolTestSupport.HLSLadder, on server: NginxServer, provider: RecordingProvider, name: String
    ) async throws -> (PlayerItem, StreamRecorder<PlayerItemEvent>, FrameMD5VideoOutput, String) {
        let listing = try PlayTool.scratchPath("\(name).framemd5")
        let output = try FrameMD5VideoOutput(path: listing)
        let player = Player(
            configuration: EngineConfigurations.untimed(wavPrefix: try PlayTool.scratchPath(name), video: output))
        let events = StreamRecorder(player.itemEvents())
        let item = PlayerItem(url: server.url(ladder.masterPlaylistPath))
        item.preferredVariantIndex = 0
        item.contentKeyProvider = provider
        player.replaceCurrentItem(with: item)
        player.play()
        let id = item.id
        _ = await events.wait(timeout: .seconds(60)) { events in
            events.contains {
                switch $0 {
                case .didPlayToEnd(id), .failed(id, _), .failedToPlayToEnd(id, _): true
                default: false
                }
            }
        }
        player.replaceCurrentItem(with: nil)
        return (item, events, output, listing)
    }

    @Test("the provider's keys decrypt every segment: frames equal ffmpeg's decode, the key URI is never fetched")
    func providerSuppliesTheKey() async throws {
        let (ladder, server) = try await Self.serveRefusingKey()
        defer { server.stop() }
        let provider = RecordingProvider(.success(HLSTestMedia.aes128Key))
        let (item, events, output, listing) = try await Self.play(
            ladder, on: server, provider: provider, name: "key-provider")
        output.stop()
        #expect(events.elements.contains(.didPlayToEnd(itemID: item.id)), "\(events.elements.suffix(3))")
        let expected = try await PlayTool.ffmpegFrameMD5(
            of: ladder.fileURL(ladder.variantPlaylistPaths[0]), inputOptions: ["-allowed_extensions", "ALL"])
        let actual = PlayTool.hashColumn(try String(contentsOfFile: listing, encoding: .utf8))
        #expect(!actual.isEmpty && actual == PlayTool.hashColumn(expected))
        let requests = provider.requests.withLock { $0 }
        #expect(!requests.isEmpty)
        #expect(requests.allSatisfy { $0.keyURI.path == HLSTestMedia.aes128KeyPath && $0.keyFormat == "identity" })
        #expect(!server.requests().contains { $0.path == HLSTestMedia.aes128KeyPath }, "the key file was fetched")
    }

    @Test("a provider that refuses fails the item with its reason")
    func providerRefusal() async throws {
        let (ladder, server) = try await Self.serveRefusingKey()
        defer { server.stop() }
        let provider = RecordingProvider(.failure(.denied("no entitlement for this title")))
        let (item, _, output, _) = try await Self.play(ladder, on: server, provider: provider, name: "key-denied")
        output.stop()
        #expect(item.status == .failed)
        #expect(
            "\(String(describing: item.error))".contains("no entitlement for this title"),
            "\(String(describing: item.error))")
    }
}
