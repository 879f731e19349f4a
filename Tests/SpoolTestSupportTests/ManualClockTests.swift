import Testing

@testable import SpoolTestSupport

@Suite("ManualClock", .timeLimit(.minutes(3)))
struct ManualClockTests {
    @Test func sleepersWakeOnlyWhenTheirDeadlinePasses() async throws {
        let clock = ManualClock()
        let sleeper = Task { try await clock.sleep(for: .seconds(10)) }
        await clock.waitForSleepers(atLeast: 1)
        clock.advance(by: .seconds(9))
        #expect(clock.sleeperCount == 1)
        clock.advance(by: .seconds(1))
        try await sleeper.value
        #expect(clock.sleeperCount == 0)
        #expect(clock.now.offset == .seconds(10))
    }

    @Test func advanceToNextDeadlineWakesTheEarliestSleeper() async throws {
        let clock = ManualClock()
        let early = Task { try await clock.sleep(for: .seconds(5)) }
        let late = Task { try await clock.sleep(for: .seconds(60)) }
        await clock.waitForSleepers(atLeast: 2)
        #expect(clock.advanceToNextDeadline())
        try await early.value
        #expect(clock.now.offset == .seconds(5))
        #expect(clock.sleeperCount == 1)
        late.cancel()
        await #expect(throws: CancellationError.self) { try await late.value }
        #expect(!clock.advanceToNextDeadline())
    }

    @Test func aPastDeadlineReturnsImmediately() async throws {
        let clock = ManualClock()
        clock.advance(by: .seconds(3))
        try await clock.sleep(until: ManualClock.Instant(offset: .seconds(1)))
        #expect(clock.sleeperCount == 0)
    }
}
