import SpoolCore
import SpoolTestSupport
import Testing

@testable import SpoolOutput

/// `NullAudioOutput` on a manual clock: blocked writes are observed through the clock's
/// sleepers and the output's block hook, never by sleeping.
@Suite(.timeLimit(.minutes(3)))
struct NullAudioOutputTests {
    static let format = AudioFormat(sampleRate: 48_000, channelCount: 2)

    /// `milliseconds` of silence in `format`.
    static func silence(milliseconds: Int, format: AudioFormat = format) -> PCMBuffer {
        let frames = format.sampleRate * milliseconds / 1000
        return PCMBuffer(
            format: format, samples: [Float](repeating: 0, count: frames * format.channelCount),
            presentationTime: .invalid)
    }

    /// Writes `buffer` on a thread of its own (the call blocks) and returns how it ended.
    static func writeOnThread(_ output: NullAudioOutput, _ buffer: PCMBuffer) -> Task<AudioOutputError?, Never> {
        Task {
            await runOnDedicatedThread { () -> AudioOutputError? in
                do throws(AudioOutputError) {
                    try output.write(buffer)
                    return nil
                } catch {
                    return error
                }
            }
        }
    }

    /// A started output on `clock` (200 ms buffer, so a 50 ms period) that reports every time
    /// a call blocks, with the time it waits for.
    static func observedOutput(clock: ManualClock) throws -> (NullAudioOutput, AsyncStream<Duration?>) {
        let (blocks, continuation) = AsyncStream.makeStream(of: Duration?.self)
        let output = NullAudioOutput(
            clock: clock, bufferDuration: .milliseconds(200), timed: true, willBlock: { continuation.yield($0) })
        try output.start(format: format)
        return (output, blocks)
    }

    @Test func writesThatFitReturnAtOnce() throws {
        let clock = ManualClock()
        let output = NullAudioOutput(clock: clock)
        try output.start(format: Self.format)
        try output.write(Self.silence(milliseconds: 100))
        try output.write(Self.silence(milliseconds: 100))
        #expect(output.framesWritten == 9_600)
        #expect(output.latency == .milliseconds(200))
        #expect(clock.sleeperCount == 0)
    }

    @Test func aWriteThatOverflowsBlocksUntilTheClockAdvances() async throws {
        let clock = ManualClock()
        let output = NullAudioOutput(clock: clock)
        try output.start(format: Self.format)
        try output.write(Self.silence(milliseconds: 200))

        let write = Self.writeOnThread(output, Self.silence(milliseconds: 100))
        await clock.waitForSleepers(atLeast: 1)
        #expect(output.framesWritten == 9_600, "nothing of the blocked write is accepted yet")

        // 50 ms played: one period of room. The write takes it and blocks again for the rest.
        clock.advance(by: .milliseconds(50))
        await clock.waitForSleepers(atLeast: 1)
        #expect(output.framesWritten == 9_600 + 2_400)

        clock.advance(by: .milliseconds(50))
        #expect(await write.value == nil)
        #expect(output.framesWritten == 14_400)
        #expect(output.latency == .milliseconds(200))
    }

    @Test func untimedNeverBlocks() throws {
        let clock = ManualClock()
        let output = NullAudioOutput(clock: clock, timed: false)
        try output.start(format: Self.format)
        for _ in 0..<100 { try output.write(Self.silence(milliseconds: 100)) }
        try output.drain()
        #expect(output.framesWritten == 480_000)
        #expect(output.latency == .zero)
        #expect(clock.sleeperCount == 0)
    }

    @Test func latencyIsTheQueuedAudio() throws {
        let clock = ManualClock()
        let output = NullAudioOutput(clock: clock)
        try output.start(format: Self.format)
        try output.write(Self.silence(milliseconds: 150))
        #expect(output.latency == .milliseconds(150))
        clock.advance(by: .milliseconds(50))
        #expect(output.latency == .milliseconds(100))
        clock.advance(by: .milliseconds(200))
        #expect(output.latency == .zero)
        // After running dry, new audio starts playing from now.
        try output.write(Self.silence(milliseconds: 100))
        #expect(output.latency == .milliseconds(100))
    }

    @Test func pauseStopsDrainingAndResumeContinues() async throws {
        let clock = ManualClock()
        let (output, blocks) = try Self.observedOutput(clock: clock)
        var blocked = blocks.makeAsyncIterator()
        try output.write(Self.silence(milliseconds: 200))
        output.setPaused(true)
        clock.advance(by: .seconds(1))
        #expect(output.latency == .milliseconds(200), "a paused device plays nothing")

        let write = Self.writeOnThread(output, Self.silence(milliseconds: 50))
        #expect(await blocked.next() == .some(nil), "paused: the write waits for resume, not for the clock")
        #expect(clock.sleeperCount == 0)

        output.setPaused(false)
        #expect(await blocked.next() == .some(.milliseconds(1_050)), "resumed: room appears 50 ms later")
        clock.advance(by: .milliseconds(50))
        #expect(await write.value == nil)
        #expect(output.latency == .milliseconds(200))
    }

    @Test func flushEmptiesTheBufferAndWakesABlockedWrite() async throws {
        let clock = ManualClock()
        let output = NullAudioOutput(clock: clock)
        try output.start(format: Self.format)
        try output.write(Self.silence(milliseconds: 200))
        let write = Self.writeOnThread(output, Self.silence(milliseconds: 100))
        await clock.waitForSleepers(atLeast: 1)

        output.flush()
        #expect(await write.value == nil, "the flush made room without the clock moving")
        #expect(output.latency == .milliseconds(100))
        output.flush()
        #expect(output.latency == .zero)
    }

    @Test func drainWaitsForThePlayOut() async throws {
        let clock = ManualClock()
        let output = NullAudioOutput(clock: clock)
        try output.start(format: Self.format)
        try output.write(Self.silence(milliseconds: 150))
        let drain = Task {
            await runOnDedicatedThread { () -> AudioOutputError? in
                do throws(AudioOutputError) {
                    try output.drain()
                    return nil
                } catch {
                    return error
                }
            }
        }
        await clock.waitForSleepers(atLeast: 1)
        clock.advance(by: .milliseconds(150))
        #expect(await drain.value == nil)
        #expect(output.latency == .zero)
    }

    @Test func stopWakesABlockedWriteAndRefusesMore() async throws {
        let clock = ManualClock()
        let output = NullAudioOutput(clock: clock)
        try output.start(format: Self.format)
        try output.write(Self.silence(milliseconds: 200))
        let write = Self.writeOnThread(output, Self.silence(milliseconds: 100))
        await clock.waitForSleepers(atLeast: 1)
        output.stop()
        #expect(await write.value == .stopped)
        #expect(throws: AudioOutputError.stopped) { try output.write(Self.silence(milliseconds: 10)) }
        #expect(throws: AudioOutputError.stopped) { try output.start(format: Self.format) }
        #expect(output.latency == .zero)
        output.stop()
    }

    @Test func writesMustMatchTheStartedFormat() throws {
        let output = NullAudioOutput(clock: ManualClock())
        #expect(throws: AudioOutputError.writeFailed("write before start")) {
            try output.write(Self.silence(milliseconds: 10))
        }
        try output.start(format: Self.format)
        let other = AudioFormat(sampleRate: 44_100, channelCount: 2)
        #expect(throws: AudioOutputError.unsupportedFormat(other)) {
            try output.write(Self.silence(milliseconds: 10, format: other))
        }
    }

    @Test func volumeIsClampedAndRemembered() {
        let output = NullAudioOutput(clock: ManualClock())
        output.setVolume(0.25)
        #expect(output.volume == 0.25)
        output.setVolume(3)
        #expect(output.volume == 1)
        output.setVolume(-1)
        #expect(output.volume == 0)
    }
}
