import Testing

@testable import SpoolOutput

/// The device model's arithmetic, on plain times.
struct ModelledDeviceBufferTests {
    @Test func steadyWritesNeverDrift() {
        // 44.1 kHz: 10 ms is 441 frames exactly, but 1 frame is not a whole number of nanoseconds.
        var device = ModelledDeviceBuffer(capacity: .milliseconds(200), sampleRate: 44_100)
        device.enqueue(4_410, at: .zero)
        for tick in 1...100_000 {
            let now = Duration.milliseconds(10 * tick)
            device.enqueue(441, at: now)
        }
        #expect(device.queuedFrames(at: .milliseconds(1_000_000)) == 4_410)
    }

    @Test func aFullDeviceAcceptsAgainAfterOnePeriod() {
        var device = ModelledDeviceBuffer(capacity: .milliseconds(200), sampleRate: 48_000)
        #expect(device.capacityFrames == 9_600)
        #expect(device.periodFrames == 2_400)
        device.enqueue(9_600, at: .zero)
        #expect(device.acceptableFrames(of: 4_800, at: .zero) == 0)
        #expect(device.instantWhenAccepting(4_800) == .milliseconds(50))
        #expect(device.acceptableFrames(of: 4_800, at: .milliseconds(49)) == 0)
        #expect(device.acceptableFrames(of: 4_800, at: .milliseconds(50)) == 2_400)
        // A small write waits only for its own size.
        #expect(device.instantWhenAccepting(480) == .milliseconds(10))
    }

    @Test func pausingFreezesTheQueue() {
        var device = ModelledDeviceBuffer(capacity: .milliseconds(200), sampleRate: 48_000)
        device.enqueue(4_800, at: .zero)
        device.setPaused(true, at: .milliseconds(20))
        #expect(device.queuedFrames(at: .seconds(5)) == 3_840)
        #expect(device.instantWhenQueueDrops(to: 0) == nil)
        device.setPaused(false, at: .seconds(5))
        #expect(device.instantWhenQueueDrops(to: 0) == .seconds(5) + .milliseconds(80))
    }

    @Test func roundingUpReachesTheFrame() {
        for frames in [1, 2, 44_099, 44_100, 44_101, 1_000_000_007] {
            let duration = ModelledDeviceBuffer.durationRoundedUp(ofFrames: frames, sampleRate: 44_100)
            #expect(ModelledDeviceBuffer.frames(in: duration, sampleRate: 44_100) == frames)
        }
    }
}
