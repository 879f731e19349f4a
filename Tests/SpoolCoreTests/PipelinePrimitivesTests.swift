import Foundation
import SpoolTestSupport
import Testing

@testable import SpoolCore

@Suite("PlaybackClock")
struct PlaybackClockTests {
    let second = Duration.seconds(1)

    @Test func extrapolatesAlongHostTimeAtTheRate() {
        let clock = PlaybackClock(host: ManualEngineClock())
        #expect(clock.mediaTime(at: .zero).isInvalid)
        clock.anchor(media: MediaTime(value: 10, timescale: 1), at: .seconds(100))
        #expect(clock.mediaTime(at: .seconds(101)) == MediaTime(value: 10, timescale: 1))  // paused
        clock.setPaused(false, at: .seconds(101))
        #expect(clock.mediaTime(at: .seconds(103)) == MediaTime(value: 12, timescale: 1))
        clock.setRate(2, at: .seconds(103))
        #expect(clock.mediaTime(at: .seconds(104)) == MediaTime(value: 14, timescale: 1))
        clock.setPaused(true, at: .seconds(105))
        #expect(clock.mediaTime(at: .seconds(200)) == MediaTime(value: 16, timescale: 1))
    }

    @Test func anAudioAnchorOverridesExtrapolation() {
        let clock = PlaybackClock(host: ManualEngineClock())
        clock.anchor(media: .zero, at: .zero)
        clock.setPaused(false, at: .zero)
        clock.anchor(media: MediaTime(value: 990, timescale: 1000), at: .seconds(1))  // audio is 10 ms behind
        #expect(clock.mediaTime(at: .seconds(1)) == MediaTime(value: 990, timescale: 1000))
    }
}

@Suite("FrameSchedule")
struct FrameScheduleTests {
    let schedule = FrameSchedule()
    func t(_ ms: Int64) -> MediaTime { MediaTime(value: ms, timescale: 1000) }

    @Test func waitsForAnEarlyFrameButNeverLongerThanTheMaximum() {
        #expect(
            schedule.decide(
                presentationTime: t(1010), nextPresentationTime: nil, clock: t(1000), rate: 1, isFirstFrame: false)
                == .wait(.milliseconds(10)))
        #expect(
            schedule.decide(
                presentationTime: t(5000), nextPresentationTime: nil, clock: t(1000), rate: 1, isFirstFrame: false)
                == .wait(.milliseconds(20)))
        // At 2x the media distance takes half the host time.
        #expect(
            schedule.decide(
                presentationTime: t(1010), nextPresentationTime: nil, clock: t(1000), rate: 2, isFirstFrame: false)
                == .wait(.milliseconds(5)))
    }

    @Test func presentsADueOrSlightlyLateFrame() {
        #expect(
            schedule.decide(
                presentationTime: t(1000), nextPresentationTime: t(1040), clock: t(1001), rate: 1, isFirstFrame: false)
                == .present)
        #expect(
            schedule.decide(
                presentationTime: t(1000), nextPresentationTime: t(1040), clock: t(1030), rate: 1, isFirstFrame: false)
                == .present)
    }

    @Test func dropsALateFrameWhoseSuccessorIsDueButNeverTheFirst() {
        #expect(
            schedule.decide(
                presentationTime: t(1000), nextPresentationTime: t(1040), clock: t(1050), rate: 1, isFirstFrame: false)
                == .drop)
        #expect(
            schedule.decide(
                presentationTime: t(1000), nextPresentationTime: t(1040), clock: t(1050), rate: 1, isFirstFrame: true)
                == .present)
    }
}

@Suite("BoundedBlockingQueue", .timeLimit(.minutes(3)))
struct BoundedBlockingQueueTests {
    @Test func isFIFOAndTracksCost() {
        let queue = BoundedBlockingQueue<Int>(capacity: 100)
        for i in 0..<5 { #expect(queue.push(i, cost: 10)) }
        #expect(queue.totalCost == 50)
        #expect((0..<5).map { _ in queue.pop()?.element } == [0, 1, 2, 3, 4])
        #expect(queue.totalCost == 0)
    }

    @Test func aFullQueueBlocksTheProducerUntilTheConsumerTakes() async {
        let queue = BoundedBlockingQueue<Int>(capacity: 20)
        #expect(queue.push(1, cost: 10))
        #expect(queue.push(2, cost: 10))
        async let pushed = runOnDedicatedThread { queue.push(3, cost: 10) }  // blocks: 20 of 20 used
        #expect(await runOnDedicatedThread { queue.waitForBlockedThread(timeout: .seconds(60)) })
        #expect(queue.count == 2)  // still blocked while nothing was taken
        #expect(queue.pop()?.element == 1)
        #expect(await pushed)
        #expect(queue.count == 2)
    }

    @Test func anOversizedElementPassesAnEmptyQueue() {
        let queue = BoundedBlockingQueue<String>(capacity: 10)
        #expect(queue.push("keyframe", cost: 500))
        #expect(queue.pop()?.element == "keyframe")
    }

    @Test func flushDiscardsAndStartsANewGeneration() {
        let queue = BoundedBlockingQueue<Int>(capacity: 100)
        queue.push(1, cost: 1)
        let generation = queue.flush()
        #expect(queue.count == 0 && queue.totalCost == 0)
        #expect(!queue.push(2, cost: 1, expectedGeneration: generation - 1))  // stale producer
        #expect(queue.push(3, cost: 1, expectedGeneration: generation))
        let popped = queue.pop()
        #expect(popped?.element == 3 && popped?.generation == generation)
    }

    @Test func aSelectiveDiscardKeepsTheNewerElementsInOrderAndFreesTheRest() async {
        let queue = BoundedBlockingQueue<Int>(capacity: 40)
        for value in [1, 2, 10, 3, 11] { queue.push(value, cost: value < 10 ? 10 : 5) }  // 40 of 40
        async let pushed = runOnDedicatedThread { queue.push(4, cost: 10) }  // blocks: full
        #expect(await runOnDedicatedThread { queue.waitForBlockedThread(timeout: .seconds(60)) })
        let generation = queue.discard { $0 < 10 }
        #expect(await pushed)  // woken: there is room again
        #expect(queue.totalCost == 20)
        let popped = (0..<3).compactMap { _ in queue.tryPop() }
        #expect(popped.map(\.element) == [10, 11, 4])
        #expect(popped.allSatisfy { $0.generation == generation })
    }

    @Test func closeEndsBothSides() {
        let queue = BoundedBlockingQueue<Int>(capacity: 100)
        queue.push(1, cost: 1)
        queue.close()
        #expect(!queue.push(2, cost: 1))
        #expect(queue.pop()?.element == 1)  // what was queued is still delivered
        #expect(queue.pop() == nil)
    }

    @Test func endOfStreamReleasesAWaitingConsumer() async {
        let queue = BoundedBlockingQueue<Int>(capacity: 100)
        async let popped = runOnDedicatedThread { queue.pop()?.element }
        #expect(await runOnDedicatedThread { queue.waitForBlockedThread(timeout: .seconds(60)) })
        queue.markEndOfStream()
        #expect(await popped == nil)
    }
}
