import Foundation
import SpoolTestSupport
import Testing

@testable import SpoolEngine

/// A revoke racing a write: the write passed its turn check, then the item was replaced (its
/// lease revoked, the device flushed) before its samples reached the device. Those samples
/// must not play ahead of the next item's.
@Suite("Audio lease: a revoke during a write", .timeLimit(.minutes(3)))
struct AudioOutputLeaseRevokeTests {
    let format = AudioFormat(sampleRate: 48_000, channelCount: 2)

    @Test("a write in flight when the lease is revoked is discarded before the next lease plays")
    func writeInFlightIsDiscarded() async throws {
        let device = GatedAudioOutput()
        let shared = SharedAudioOutput { device }
        let first = try shared.lease()
        try first.start(format: format)
        device.closeGate()
        let writer = Thread {
            try? first.write(
                PCMBuffer(format: format, samples: [Float](repeating: 1, count: 960), presentationTime: .zero))
        }
        writer.start()
        device.waitUntilAWriteIsBlocked()  // past the lease's turn check, not yet on the device
        let revoker = Thread { first.stop() }
        revoker.start()
        device.waitForFlushes(1)  // the revoke's flush, with the old write still to land
        device.openGate()
        let next = try shared.lease()
        try next.start(format: format)
        // stop() returns only after its write is discarded; the next item's lease is then the
        // device's only source.
        while !revoker.isFinished || !writer.isFinished { await Task.yield() }
        #expect(device.queuedFrames == 0, "the replaced item's samples are still queued on the device")
        try next.write(PCMBuffer(format: format, samples: [Float](repeating: 2, count: 96), presentationTime: .zero))
        #expect(device.queuedFrames == 48)
    }
}

/// A device whose writes block while its gate is closed, queuing frames until a flush.
private final class GatedAudioOutput: AudioOutput {
    private struct State {
        var gateOpen = true
        var blockedWrites = 0
        var flushes = 0
        var queuedFrames = 0
    }

    private let state = ConditionLock(State())
    let name = "gated"
    var latency: Duration { .zero }
    var queuedFrames: Int { state.withLock { $0.queuedFrames } }

    func closeGate() { state.update { $0.gateOpen = false } }
    func openGate() { state.update { $0.gateOpen = true } }

    func waitUntilAWriteIsBlocked() {
        _ = state.wait(timeout: nil) { $0.blockedWrites > 0 ? true : nil }
    }

    func waitForFlushes(_ count: Int) {
        _ = state.wait(timeout: nil) { $0.flushes >= count ? true : nil }
    }

    func start(format: AudioFormat) throws(AudioOutputError) {}

    func write(_ buffer: PCMBuffer) throws(AudioOutputError) {
        state.update { $0.blockedWrites += 1 }
        _ = state.wait(timeout: nil) { $0.gateOpen ? true : nil }
        state.update { state in
            state.blockedWrites -= 1
            state.queuedFrames += buffer.frameCount
        }
    }

    func setPaused(_ paused: Bool) {}
    func flush() {
        state.update {
            $0.flushes += 1; $0.queuedFrames = 0
        }
    }
    func drain() throws(AudioOutputError) {}
    func setVolume(_ volume: Float) {}
    func stop() {}
}
