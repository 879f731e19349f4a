import Foundation
import SpoolCore
import SpoolTestSupport
import Testing

@testable import SpoolMedia

@Suite("MediaProbe cancellation", .timeLimit(.minutes(3)))
struct MediaProbeCancellationTests {
    /// A fake serving the MP4 fixture that blocks, forever unless cancelled, at `offset`.
    static func blockingSource(at offset: Int64) async throws -> FakeByteSource {
        var script = FakeByteSource.Script(bytes: try Data(contentsOf: await TestMedia.url(for: .h264AACMP4)))
        script.blockAtOffset = offset
        return FakeByteSource(script: script, url: URL(fileURLWithPath: "/fake/blocking.mp4"))
    }

    // The fake is never released, so only a cancellation that reaches it can end the read;
    // a probe that ignored cancel() would hang until the suite's time limit fails it.
    @Test("cancel() while the source blocks ends the wait with .cancelled and stops the source")
    func cancelWhileBlocked() async throws {
        let fake = try await Self.blockingSource(at: 1024)
        let probe = MediaProbe(source: fake)
        let waiting = Task { try await probe.result() }
        await fake.waitUntilBlocked()

        probe.cancel()

        await #expect(throws: AssetLoadError.cancelled) { try await waiting.value }
        #expect(fake.wasCancelled)
        await fake.waitUntilClosed()
    }

    @Test("cancelling one waiting task leaves the probe running for the others")
    func waiterCancellation() async throws {
        let fake = try await Self.blockingSource(at: 1024)
        let probe = MediaProbe(source: fake)
        let impatient = Task { try await probe.result() }
        await fake.waitUntilBlocked()
        impatient.cancel()
        await #expect(throws: AssetLoadError.cancelled) { try await impatient.value }
        #expect(!fake.wasCancelled)

        fake.release()
        let result = try await probe.result()
        #expect(result.tracks.count == 2)
    }

    @Test("a raised interrupt flag stops avformat_open_input with AVERROR_EXIT")
    func interruptStopsOpening() throws {
        let fake = FakeByteSource(script: .init(bytes: Data(repeating: 0, count: 4096)))
        try fake.open()
        let interrupt = InterruptFlag()
        let io = try ByteSourceIOContext(source: fake, interrupt: interrupt)
        interrupt.raise()
        #expect(throws: FFmpegError.exit) {
            _ = try InputFormatContext(io: io, interrupt: interrupt, formatHint: "/fake/zeros.bin")
        }
        #expect(fake.readCount == 0)
    }

    @Test("the interrupt callback FFmpeg polls reports the flag")
    func interruptCallback() throws {
        let interrupt = InterruptFlag()
        let installed = interrupt.callback
        let poll = try #require(installed.callback)
        #expect(poll(installed.opaque) == 0)
        interrupt.raise()
        #expect(poll(installed.opaque) == 1)
    }

    // FFmpeg 5.1's find_stream_info breaks out on the interrupt but then reports success
    // when some stream has parameters; the half-read result must not pass for a real one.
    @Test("avformat_find_stream_info after a raised interrupt throws .exit, not partial success")
    func interruptStopsFindingStreamInfo() async throws {
        let fake = FakeByteSource(
            script: .init(bytes: try Data(contentsOf: await TestMedia.url(for: .vp9OpusWebM))),
            url: URL(fileURLWithPath: "/fake/clip.webm"))
        try fake.open()
        let interrupt = InterruptFlag()
        let io = try ByteSourceIOContext(source: fake, interrupt: interrupt)
        let input = try InputFormatContext(io: io, interrupt: interrupt, formatHint: "/fake/clip.webm")
        interrupt.raise()
        #expect(throws: FFmpegError.exit) { try input.findStreamInfo() }
    }
}
