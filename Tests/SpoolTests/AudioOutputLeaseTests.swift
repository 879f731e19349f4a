import Foundation
import SpoolCore
import SpoolTestSupport
import Testing

@testable import Spool
@testable import SpoolEngine

@Suite("Shared audio output and leases")
struct AudioOutputLeaseTests {
    let format = AudioFormat(sampleRate: 48_000, channelCount: 2)

    func buffer(frames: Int) -> PCMBuffer {
        PCMBuffer(format: format, samples: [Float](repeating: 0, count: frames * 2), presentationTime: .zero)
    }

    @Test("successive items lease the same device, opened once")
    func itemsShareOneDevice() throws {
        let made = Locked(0)
        let device = NullAudioOutput(clock: ManualClock(), timed: false)
        let shared = SharedAudioOutput {
            made.withLock { $0 += 1 }
            return device
        }
        let first = try shared.lease()
        try first.start(format: format)
        try first.write(buffer(frames: 480))
        first.stop()
        let second = try shared.lease()
        try second.start(format: format)
        try second.write(buffer(frames: 960))
        #expect(made.withLock { $0 } == 1)
        #expect(device.framesWritten == 1440)
    }

    @Test("a revoked lease refuses writes and leaves the device open for the next item")
    func revokedLeaseStopsOnlyItsItem() throws {
        let device = NullAudioOutput(clock: ManualClock(), timed: false)
        let shared = SharedAudioOutput { device }
        let lease = try shared.lease()
        try lease.start(format: format)
        lease.stop()
        #expect(throws: AudioOutputError.stopped) { try lease.write(buffer(frames: 480)) }
        #expect(device.framesWritten == 0)
        let next = try shared.lease()
        try next.write(buffer(frames: 480))  // the device itself was not stopped
        #expect(device.framesWritten == 480)
        shared.close()
        #expect(throws: AudioOutputError.stopped) { try next.write(buffer(frames: 480)) }
    }

    @Test("a prerolled lease waits for its turn: its write blocks until the active lease hands over")
    func prerolledLeaseWaitsForTheHandOver() throws {
        let device = NullAudioOutput(clock: ManualClock(), timed: false)
        let shared = SharedAudioOutput { device }
        let current = try shared.lease()
        try current.start(format: format)
        try current.write(buffer(frames: 480))
        let next = try shared.lease(waitingForTurn: true)
        #expect(next.turn == .waiting)
        try next.start(format: format)
        next.setPaused(true)  // kept for its turn: the device plays on for the current item
        let written = DispatchSemaphore(value: 0)
        let writer = Thread {
            try? next.write(self.buffer(frames: 960))
            written.signal()
        }
        writer.start()
        #expect(next.state.waitForBlockedThread(timeout: .seconds(60)), "the write waits for its turn")
        #expect(device.framesWritten == 480)
        #expect(current.handOver())
        #expect(written.wait(timeout: .now() + 10) == .success)
        #expect(device.framesWritten == 1440)
        #expect(current.turn == .handedOver && next.turn == .active)
        // The item that handed over stops later: nothing of the next item's is flushed.
        current.stop()
        #expect(throws: AudioOutputError.stopped) { try current.write(buffer(frames: 480)) }
        #expect(!next.handOver(), "nobody waits: the caller drains")
    }

    @Test("revoking the playing lease passes the turn to the waiting one; a waiting lease can leave")
    func revokePassesTheTurn() throws {
        let device = NullAudioOutput(clock: ManualClock(), timed: false)
        let shared = SharedAudioOutput { device }
        let current = try shared.lease()
        let dropped = try shared.lease(waitingForTurn: true)
        let next = try shared.lease(waitingForTurn: true)
        dropped.stop()
        current.stop()
        #expect(dropped.turn == .revoked && next.turn == .active)
        try next.start(format: format)
        try next.write(buffer(frames: 480))
        #expect(device.framesWritten == 480)
    }
}
