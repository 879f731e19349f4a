import SpoolTestSupport
import Testing

@testable import SpoolCore

/// `push(_:cost:resumeBelow:)`: a producer that found the queue full refills it in bursts.
/// The consumer takes one element at a time and only while the producer is blocked, so what
/// the producer sees after each push shows where it resumed.
@Suite("BoundedBlockingQueue: refills in bursts", .timeLimit(.minutes(3)))
struct BoundedBlockingQueueRefillTests {
    @Test("a producer that found the queue full resumes only below resumeBelow, and every element arrives in order")
    func resumesBelowTheMark() async {
        let queue = BoundedBlockingQueue<Int>(capacity: 10)
        let total = 60
        async let counts: [Int] = runOnDedicatedThread {
            (0..<total).map { element in
                queue.push(element, cost: 1, resumeBelow: 7)
                return queue.count
            }
        }
        let received: [Int] = await runOnDedicatedThread {
            (0..<total).compactMap { taken in
                // Until the last 10 are pushed, the producer always ends up blocked on a
                // full queue (or one not yet below the mark): take only then.
                if taken < total - 10 { _ = queue.waitForBlockedThread(timeout: .seconds(60)) }
                return queue.pop()?.element
            }
        }
        #expect(received == Array(0..<total))
        let seen = await counts
        #expect(seen.prefix(10) == ArraySlice(1...10))
        // A push made after the queue was full waited for it to fall below 7: it found at most
        // 6 and left at most 7 (a count read after a take races it only downwards). Woken for
        // every element taken, it would have refilled the queue to 10 each time.
        // (At least 3 such pushes: 50 after the fill, at most 10 each; not vacuous.)
        let afterFull = (10..<total).filter { seen[$0 - 1] == 10 }
        #expect(afterFull.count >= 3)
        #expect(afterFull.allSatisfy { seen[$0] <= 7 }, "counts after each push: \(seen)")
    }

    @Test("a producer waiting for the mark is released by close (nothing pushed) and by a flush (pushed)")
    func closeAndFlushReleaseAWaitingProducer() async {
        for closes in [true, false] {
            let queue = BoundedBlockingQueue<Int>(capacity: 2)
            #expect(queue.push(1, cost: 1))
            #expect(queue.push(2, cost: 1))
            async let pushed = runOnDedicatedThread { queue.push(3, cost: 1, resumeBelow: 1) }
            #expect(await runOnDedicatedThread { queue.waitForBlockedThread(timeout: .seconds(60)) })
            #expect(queue.pop()?.element == 1)  // 1 left: not below the mark, still waiting
            #expect(await runOnDedicatedThread { queue.waitForBlockedThread(timeout: .seconds(60)) })
            if closes { queue.close() } else { queue.flush() }
            #expect(await pushed == !closes)
            #expect(queue.count == 1)  // closed: the 2 left; flushed: the 3 pushed after
            if !closes { #expect(queue.pop()?.element == 3) }
        }
    }
}
