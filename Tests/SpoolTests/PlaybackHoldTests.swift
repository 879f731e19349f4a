import Foundation
import Spool
import SpoolCore
import SpoolMedia
import SpoolTestSupport
import Testing

@testable import SpoolEngine

/// One open per item, whoever starts the probe: while a player item holds its asset, a
/// probe started by anyone (a view's metadata, the CLI's chapter list) keeps its container
/// for the item's playback, and the container is freed when no item is left to take it.
@MainActor
@Suite("URLAsset playback holds: the probe's container waits for the item", .timeLimit(.minutes(3)))
struct PlaybackHoldTests {
    /// Every byte source the asset's factory made, in order.
    final class MadeSources: Sendable {
        let sources = Locked<[FakeByteSource]>([])
        var all: [FakeByteSource] { sources.withLock { $0 } }
    }

    /// An asset whose every probe or open reads a new fake of the MP4 fixture, blocking at
    /// `blockAt` when given.
    static func asset(
        blockAt: Int64? = nil, parking: ParkedContainers = ParkedContainers(limit: 4)
    ) async throws -> (URLAsset, MadeSources) {
        var script = FakeByteSource.Script(bytes: try Data(contentsOf: await TestMedia.url(for: .h264AACMP4)))
        script.blockAtOffset = blockAt
        let made = MadeSources()
        // Its own registry: the process-wide one's limit is shared with every test playing beside.
        let asset = URLAsset(url: URL(fileURLWithPath: "/fake/held.mp4"), parking: parking) {
            [script] url throws(ByteSourceError) in
            let source = FakeByteSource(script: script, url: url)
            made.sources.withLock { $0.append(source) }
            return source
        }
        return (asset, made)
    }

    @Test("a metadata load that finished before playback leaves the container for the item")
    func metadataLoadFirst() async throws {
        let (asset, made) = try await Self.asset()
        let item = PlayerItem(asset: asset)
        _ = try await asset.load(.duration)
        let (isPlayable, _, container) = try await asset.loadForPlayback()
        #expect(isPlayable)
        #expect(container != nil, "the probe the metadata load started kept its container")
        #expect(made.all.count == 1, "one source made: the item is opened once")
        #expect(made.all.first?.isClosed == false)
        withExtendedLifetime(item) {}
    }

    @Test("without an item, a finished probe frees its container and playback opens the file again")
    func noItemNoParking() async throws {
        let (asset, made) = try await Self.asset()
        _ = try await asset.load(.duration)
        #expect(made.all.first?.isClosed == true, "freed on the probe's thread before the load returned")
        let (_, _, container) = try await asset.loadForPlayback()
        #expect(container == nil)
    }

    @Test("a playback that joins a probe somebody else started takes its container")
    func playbackJoinsAProbeInFlight() async throws {
        let (asset, made) = try await Self.asset(blockAt: 2048)
        let metadata = Task { try await asset.load(.duration) }
        await made.waitForFirst().waitUntilBlocked()
        let playback = Task { try await asset.loadForPlayback().container != nil }
        // The join is registered synchronously when loadForPlayback starts; wait until it has.
        await waitUntil { asset.hasParkedProbe }
        made.all.first?.release()
        #expect(try await playback.value, "the joined probe kept its container")
        _ = try await metadata.value
        #expect(made.all.count == 1)
    }

    @Test("a container a playback waits for is claimed: parking others cannot evict it")
    func claimedContainersAreNotEvicted() async throws {
        let bytes = try Data(contentsOf: await TestMedia.url(for: .h264AACMP4))
        let parking = ParkedContainers(limit: 1)
        let (asset, made) = try await Self.asset(blockAt: 2048, parking: parking)
        let item = PlayerItem(asset: asset)
        let playback = Task { try await asset.loadForPlayback().container != nil }
        let source = await made.waitForFirst()
        await source.waitUntilBlocked()
        #expect(parking.count == 0, "claimed, not parked")
        // Another item's metadata load parks its probe in the same registry, past its limit.
        let other = MediaProbe(
            source: FakeByteSource(script: .init(bytes: bytes), url: URL(fileURLWithPath: "/fake/other.mp4")),
            keepsContainerOpen: true)
        _ = try await other.result()
        parking.park(other)
        parking.park(
            MediaProbe(
                source: FakeByteSource(script: .init(bytes: bytes), url: URL(fileURLWithPath: "/fake/third.mp4")),
                keepsContainerOpen: true))
        source.release()
        #expect(try await playback.value, "the playback's container survived the evictions")
        #expect(made.all.count == 1)
        withExtendedLifetime(item) {}
    }

    @Test("when the last item holding the asset goes, a container nobody took is closed")
    func releaseFreesTheParkedContainer() async throws {
        let (asset, made) = try await Self.asset()
        var item: PlayerItem? = PlayerItem(asset: asset)
        _ = try await asset.load(.duration)
        let source = try #require(made.all.first)
        #expect(!source.isClosed, "parked for the item")
        #expect(asset.hasParkedProbe)
        withExtendedLifetime(item) {}
        item = nil
        #expect(!asset.hasParkedProbe)
        await source.waitUntilClosed()
        #expect(source.isClosed)
    }

    @Test("at most the registry's limit of containers stay parked; the oldest is discarded first")
    func registryLimit() async throws {
        let bytes = try Data(contentsOf: await TestMedia.url(for: .h264AACMP4))
        let registry = ParkedContainers(limit: 2)
        var probes: [MediaProbe] = []
        var sources: [FakeByteSource] = []
        for _ in 0..<3 {
            let source = FakeByteSource(script: .init(bytes: bytes), url: URL(fileURLWithPath: "/fake/p.mp4"))
            let probe = MediaProbe(source: source, keepsContainerOpen: true)
            _ = try await probe.result()
            registry.park(probe)
            probes.append(probe)
            sources.append(source)
        }
        #expect(registry.count == 2)
        await sources[0].waitUntilClosed()
        #expect(!sources[1].isClosed && !sources[2].isClosed, "the two newest stay open")
        #expect(probes[0].takeOpenedContainer() == nil, "the oldest was discarded")
        #expect(probes[1].takeOpenedContainer() != nil)
        #expect(probes[2].takeOpenedContainer() != nil)
    }

    /// Polls `condition` on the main actor, yielding between checks; a hang guard, not a claim.
    private func waitUntil(_ condition: () -> Bool) async {
        let deadline = ContinuousClock.now + HangGuard.scaled(.seconds(20))
        while !condition(), ContinuousClock.now < deadline { await Task.yield() }
    }
}

extension PlaybackHoldTests.MadeSources {
    /// The first source the factory made, once it has made one.
    func waitForFirst() async -> FakeByteSource {
        while true {
            if let first = all.first { return first }
            await Task.yield()
        }
    }
}
