import Foundation
import Spool
import SpoolCore
import SpoolTestSupport
import Testing

@Suite("URLAsset loading", .timeLimit(.minutes(3)))
struct URLAssetTests {
    static func fixtureBytes(_ fixture: TestMedia.Fixture) async throws -> Data {
        try Data(contentsOf: await TestMedia.url(for: fixture))
    }

    /// An asset whose every probe reads from `fake`.
    static func asset(reading fake: FakeByteSource) -> URLAsset {
        URLAsset(url: fake.url) { _ throws(ByteSourceError) in fake }
    }

    @Test("a generated MP4 loads its duration, playability, tracks and metadata")
    func loadsFile() async throws {
        let asset = URLAsset(url: try await TestMedia.url(for: .h264AACMP4))
        let (isPlayable, duration, tracks, metadata) = try await asset.load(
            .isPlayable, .duration, .tracks, .metadata)
        #expect(isPlayable)
        #expect(abs(duration.seconds - 2) <= 1.0 / 25)
        #expect(tracks.map(\.kind) == [.video, .audio])
        #expect(metadata.artwork == nil)
        #expect(try await asset.load(.formatName).contains("mp4"))
        #expect(try await asset.isLive == false)
    }

    @Test("a plain path works as well as a file URL")
    func plainPath() async throws {
        let url = try await TestMedia.url(for: .flacStereo)
        let asset = URLAsset(path: url.path)
        #expect(asset.url == url)
        #expect(try await asset.load(.isPlayable))
    }

    @Test("loading several properties at once runs one probe")
    func severalPropertiesOneProbe() async throws {
        let fake = FakeByteSource(bytes: try await Self.fixtureBytes(.h264AACMP4))
        let asset = Self.asset(reading: fake)
        let (isPlayable, duration) = try await asset.load(.isPlayable, .duration)
        #expect(isPlayable)
        #expect(duration.isNumeric)
        _ = try await asset.load(.tracks)
        _ = try await asset.load(.metadata)
        #expect(fake.openCount == 1)
    }

    @Test("concurrent loads await the same in-flight probe")
    func concurrentLoadsShareProbe() async throws {
        var script = FakeByteSource.Script(bytes: try await Self.fixtureBytes(.h264AACMP4))
        script.blockAtOffset = 1024
        let fake = FakeByteSource(script: script)
        let asset = Self.asset(reading: fake)

        async let tracks = asset.load(.tracks)
        async let duration = asset.load(.duration)
        async let playable = asset.load(.isPlayable)
        await fake.waitUntilBlocked()
        fake.release()

        #expect(try await tracks.count == 2)
        #expect(try await duration.isNumeric)
        #expect(try await playable)
        #expect(fake.openCount == 1)
    }

    @Test("a failed probe's error reaches every caller, then and later, without a second probe")
    func failureIsShared() async throws {
        let url = try #require(URL(string: "https://media.example/clip.mp4"))
        var script = FakeByteSource.Script(bytes: try await Self.fixtureBytes(.h264AACMP4))
        script.blockAtOffset = 1024
        script.error = (offset: 2048, error: .network("connection reset by peer", url))
        let fake = FakeByteSource(script: script, url: url)
        let asset = Self.asset(reading: fake)

        let first = Task { try await asset.load(.duration) }
        let second = Task { try await asset.load(.tracks) }
        await fake.waitUntilBlocked()
        fake.release()

        let expected = AssetLoadError.network("connection reset by peer")
        await #expect(throws: expected) { try await first.value }
        await #expect(throws: expected) { try await second.value }
        await #expect(throws: expected) { try await asset.load(.isPlayable) }
        #expect(fake.openCount == 1)
    }

    // The fake is never released: only a cancellation that reaches it can end its read,
    // so a load that ignored cancelLoading() would hang until the time limit fails it.
    @Test("cancelLoading() makes a pending load throw .cancelled and cancels the byte source")
    func cancelLoading() async throws {
        var script = FakeByteSource.Script(bytes: try await Self.fixtureBytes(.h264AACMP4))
        script.blockAtOffset = 4096
        let fake = FakeByteSource(script: script)
        let asset = Self.asset(reading: fake)

        let loading = Task { try await asset.load(.duration) }
        await fake.waitUntilBlocked()
        asset.cancelLoading()

        await #expect(throws: AssetLoadError.cancelled) { try await loading.value }
        #expect(fake.wasCancelled)
        await fake.waitUntilClosed()
    }

    @Test("after cancelLoading() a new load starts a fresh probe")
    func loadAfterCancel() async throws {
        let bytes = try await Self.fixtureBytes(.flacStereo)
        var blocking = FakeByteSource.Script(bytes: bytes)
        blocking.blockAtOffset = 512
        let sources = Locked([FakeByteSource(script: blocking), FakeByteSource(bytes: bytes)])
        let asset = URLAsset(url: URL(fileURLWithPath: "/fake/tone.flac")) { _ throws(ByteSourceError) in
            sources.withLock { $0.removeFirst() }
        }
        let first = try #require(sources.withLock { $0.first })

        let loading = Task { try await asset.load(.isPlayable) }
        await first.waitUntilBlocked()
        asset.cancelLoading()
        await #expect(throws: AssetLoadError.cancelled) { try await loading.value }

        #expect(try await asset.load(.isPlayable))
        #expect(sources.withLock { $0.isEmpty })
    }

    @Test("a missing file is notFound")
    func missingFile() async throws {
        let url = try TestMedia.directory().appendingPathComponent("missing.webm")
        let asset = URLAsset(url: url)
        await #expect(throws: AssetLoadError.notFound(url)) { try await asset.load(.isPlayable) }
    }

    @Test("a zero-byte file is an error that names the file")
    func emptyFile() async throws {
        let url = try TestMedia.file(named: "zero.mp4", contents: Data())
        await #expect(throws: AssetLoadError.corruptData("\(url.path): the file is empty")) {
            try await URLAsset(url: url).load(.duration)
        }
    }

    @Test("random bytes are not playable (or unsupported), never a crash")
    func randomBytes() async throws {
        let url = try TestMedia.file(
            named: "asset-noise.dat", contents: TestMedia.pseudoRandomBytes(count: 128 * 1024, seed: 7))
        do {
            #expect(try await URLAsset(url: url).load(.isPlayable) == false)
        } catch let error as AssetLoadError {
            switch error {
            case .unsupportedFormat, .corruptData: break
            default: Issue.record("unexpected error \(error)")
            }
        }
    }

    @Test("a one-way stream of unknown length is live")
    func liveStream() async throws {
        var script = FakeByteSource.Script(bytes: try await Self.fixtureBytes(.h264AACTransportStream))
        script.isSeekable = false
        script.reportsLength = false
        let asset = Self.asset(reading: FakeByteSource(script: script, url: URL(fileURLWithPath: "/fake/live.ts")))
        #expect(try await asset.isLive)
        #expect(try await asset.load(.duration) == .indefinite)
    }

    @Test("a property key URLAsset does not know is an error, not a crash")
    func unknownProperty() async throws {
        let asset = Self.asset(reading: FakeByteSource(bytes: try await Self.fixtureBytes(.flacStereo)))
        await #expect(throws: AssetLoadError.self) {
            try await asset.load(AssetProperty<Int>("frameCount"))
        }
    }
}
