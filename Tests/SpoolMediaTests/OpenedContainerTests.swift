import Foundation
import SpoolCore
import SpoolTestSupport
import Testing

@testable import SpoolMedia

/// One open per item: the probe's open container handed to the demuxer. A one-way source
/// (no seeking, no length, like a pipe or a live HTTP body) shows it best: a second open
/// would need a second connection and read every byte again.
@Suite("OpenedContainer: the probe hands its container to the demuxer", .timeLimit(.minutes(3)))
struct OpenedContainerTests {
    static func oneWaySource(blockingAt offset: Int64? = nil) async throws -> (FakeByteSource, Int) {
        let bytes = try Data(contentsOf: await TestMedia.url(for: .h264AACTransportStream))
        var script = FakeByteSource.Script(bytes: bytes)
        script.isSeekable = false
        script.reportsLength = false
        script.blockAtOffset = offset
        return (FakeByteSource(script: script, url: URL(fileURLWithPath: "/fake/one-way.ts")), bytes.count)
    }

    /// A container that moves between tasks and threads (the probe's, then the demuxer's).
    struct Sent: @unchecked Sendable { let container: OpenedContainer }

    @Test("the demuxer reads every packet ffprobe counts, from one open and each byte once")
    func everyPacketFromOneOpen() async throws {
        let (fake, size) = try await Self.oneWaySource()
        let probe = MediaProbe(source: fake, keepsContainerOpen: true)
        let probed = try await probe.result()
        #expect(probed.tracks.map(\.codec) == ["h264", "aac"])
        let container = try #require(probe.takeOpenedContainer())
        #expect(probe.takeOpenedContainer() == nil, "handed over once")
        #expect(!fake.isClosed)

        let sent = Sent(container: container)
        let counts = try await runOnDedicatedThread { () throws -> [Int: Int] in
            let demuxer = try Demuxer(container: sent.container)
            var counts: [Int: Int] = [:]
            while let packet = try demuxer.readPacket() { counts[packet.streamIndex, default: 0] += 1 }
            return counts
        }
        let expected = try await DemuxerTests.ffprobePacketCounts(TestMedia.url(for: .h264AACTransportStream))
        #expect(counts == expected)
        #expect(fake.openCount == 1)
        #expect(fake.bytesTransferred == Int64(size), "nothing read twice")
        #expect(fake.isClosed, "the demuxer closed it when it went")
    }

    @Test("after the hand-over the demuxer's canceller stops a blocked read, and the probe's cancel does not")
    func cancellationFollowsTheOwner() async throws {
        let size = try Data(contentsOf: await TestMedia.url(for: .h264AACTransportStream)).count
        // Block well after what the probe reads, so the demuxer blocks on its own read.
        let (blocking, _) = try await Self.oneWaySource(blockingAt: Int64(size * 3 / 4))
        let probe = MediaProbe(source: blocking, keepsContainerOpen: true)
        _ = try await probe.result()
        let sent = Sent(container: try #require(probe.takeOpenedContainer()))
        probe.cancel()
        #expect(!blocking.wasCancelled, "the probe no longer owns the source")

        let canceller = Demuxer.Canceller()
        let reading = Task {
            try await runOnDedicatedThread { () throws(FFmpegError) -> Int in
                let demuxer = try Demuxer(container: sent.container, canceller: canceller)
                var count = 0
                while try demuxer.readPacket() != nil { count += 1 }
                return count
            }
        }
        await blocking.waitUntilBlocked()
        canceller.cancel()
        await #expect(throws: FFmpegError.exit) { try await reading.value }
        #expect(blocking.wasCancelled)
        await blocking.waitUntilClosed()
    }

    @Test("a container cancelled before anyone took it is closed, and nobody gets it")
    func cancelledBeforeTaken() async throws {
        let (fake, _) = try await Self.oneWaySource()
        let probe = MediaProbe(source: fake, keepsContainerOpen: true)
        _ = try await probe.result()
        #expect(!fake.isClosed)
        probe.cancel()
        #expect(probe.takeOpenedContainer() == nil)
        #expect(fake.isClosed)
    }

    @Test("a container taken and never used closes its source when released")
    func releasedUnused() async throws {
        let (fake, _) = try await Self.oneWaySource()
        let probe = MediaProbe(source: fake, keepsContainerOpen: true)
        _ = try await probe.result()
        var container = probe.takeOpenedContainer()
        #expect(container != nil)
        #expect(!fake.isClosed)
        container = nil
        #expect(fake.isClosed)
    }

    @Test("a probe not asked to keep the container closes its source and hands nothing over")
    func notKept() async throws {
        let (fake, _) = try await Self.oneWaySource()
        let probe = MediaProbe(source: fake)
        _ = try await probe.result()
        #expect(probe.takeOpenedContainer() == nil)
        await fake.waitUntilClosed()
    }
}
