import Foundation
import SpoolCore
import SpoolMedia
import SpoolTestSupport
import Testing

/// `Demuxer.Canceller` stops a demuxer blocked anywhere. The fakes block until cancelled,
/// so a cancellation that did not reach them would hang until the time limit fails the test.
@Suite("Demuxer cancellation", .timeLimit(.minutes(3)))
struct DemuxerCancellationTests {
    /// How a demux thread ended.
    struct Outcome: Sendable {
        var opened = false
        var packets = 0
        var error: FFmpegError?
    }

    /// A fake serving the WebM fixture that blocks, until cancelled, at `fraction` of it.
    static func blockingSource(at fraction: Double) async throws -> FakeByteSource {
        let bytes = try Data(contentsOf: await TestMedia.url(for: .vp9OpusWebM))
        var script = FakeByteSource.Script(bytes: bytes)
        script.blockAtOffset = Int64(Double(bytes.count) * fraction)
        return FakeByteSource(script: script, url: URL(fileURLWithPath: "/fake/blocking.webm"))
    }

    /// Opens a demuxer on `source` and reads packets until something stops it.
    static func demux(_ source: FakeByteSource, canceller: Demuxer.Canceller) async -> Outcome {
        await runOnDedicatedThread { () -> Outcome in
            var outcome = Outcome()
            do throws(FFmpegError) {
                let demuxer = try Demuxer(source: source, canceller: canceller)
                outcome.opened = true
                while try demuxer.readPacket() != nil { outcome.packets += 1 }
            } catch {
                outcome.error = error
            }
            return outcome
        }
    }

    @Test("cancel() while readPacket() blocks in the source ends it promptly with .exit")
    func cancelWhileReading() async throws {
        let fake = try await Self.blockingSource(at: 0.6)
        let canceller = Demuxer.Canceller()
        async let outcome = Self.demux(fake, canceller: canceller)
        await fake.waitUntilBlocked()
        // No wall-clock bound here (a loaded machine took 5.5 s to schedule the threads): the
        // fake blocks until cancelled, so a cancel that did not reach it hangs until the limit.
        canceller.cancel()
        let ended = await outcome
        #expect(ended.opened)
        #expect(ended.packets > 0)
        #expect(ended.error == .exit)
        #expect(fake.wasCancelled)
        // The demuxer owned the source: it closed it when it went away.
        #expect(fake.isClosed)
    }

    @Test("cancel() while the demuxer is still opening ends init with .exit")
    func cancelWhileOpening() async throws {
        let fake = try await Self.blockingSource(at: 0.01)
        let canceller = Demuxer.Canceller()
        async let outcome = Self.demux(fake, canceller: canceller)
        await fake.waitUntilBlocked()
        canceller.cancel()
        let ended = await outcome
        #expect(!ended.opened)
        #expect(ended.error == .exit)
        #expect(fake.isClosed)
    }

    @Test("a canceller raised before the demuxer exists stops it before it reads a byte")
    func cancelBeforeOpening() async throws {
        let fake = try await Self.blockingSource(at: 0.5)
        let canceller = Demuxer.Canceller()
        canceller.cancel()
        let ended = await Self.demux(fake, canceller: canceller)
        #expect(ended.error == .exit)
        #expect(fake.readCount == 0)
        #expect(fake.wasCancelled)
    }
}
