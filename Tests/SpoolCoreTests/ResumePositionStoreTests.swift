import SpoolCore
import Testing

// Each race test below names the bug it catches in the seed's BUGGY flush:
//
//     func flush() async {
//         guard !pending.isEmpty else { return }
//         try? await api.save(pending)   // suspends here
//         pending.removeAll()            // wipes positions recorded during the await
//     }
//
// and, where relevant, in the seed's fixed flush, which returns at once when a save is in
// flight and so loses that flush request. The races are made deterministic with two tools:
// `startFlush()` (below) runs a flush synchronously up to its first suspension point, and the
// fake API signals on `suspensions` when a save has suspended. No sleeps, no yield loops.

extension ResumePositionStore {
    /// Starts `flush()` in a new task and returns once that flush has run up to its first
    /// suspension point: the call into the API, or waiting for the save in flight.
    ///
    /// `Task.immediate` runs the task synchronously on this actor until it suspends, so when
    /// this returns the flush has already decided what to send (or to wait), and anything the
    /// test does next happens while that flush is suspended.
    fileprivate func startFlush() -> Task<Void, Never> {
        Task.immediate { await self.flush() }
    }
}

@Suite(.timeLimit(.minutes(3)))
struct ResumePositionStoreTests {
    typealias ScriptedFailure = ControllableProgressAPI.ScriptedFailure

    // (a) Catches: a second flush while the first save is in flight sends the same positions
    // again (the BUGGY flush reads `pending`, which it only clears after the save returns).
    @Test func concurrentFlushesSendTheInFlightBatchOnce() async {
        let api = ControllableProgressAPI(suspending: [0])
        var suspensions = api.suspensions.makeAsyncIterator()
        let store = ResumePositionStore(api: api)
        await store.record(10, for: "a")
        await store.record(20, for: "b")

        let first = await store.startFlush()
        #expect(await suspensions.next() == 0)
        #expect(await store.isFlushing)
        let second = await store.startFlush()
        await api.resume(call: 0)
        await first.value
        await second.value

        #expect(await api.receivedBatches == [["a": 10, "b": 20]])
        #expect(await store.pendingCount == 0)
        #expect(await !store.isFlushing)
    }

    // (b) Catches: positions recorded while a save is suspended are wiped when it returns
    // (the BUGGY flush's `pending.removeAll()` after the await), so no later flush sends them.
    @Test func positionsRecordedDuringASaveAreSentByTheNextFlush() async {
        let api = ControllableProgressAPI(suspending: [0])
        var suspensions = api.suspensions.makeAsyncIterator()
        let store = ResumePositionStore(api: api)
        await store.record(10, for: "a")

        let first = await store.startFlush()
        #expect(await suspensions.next() == 0)
        await store.record(5, for: "b")
        await store.record(12, for: "a")
        await api.resume(call: 0)
        await first.value

        #expect(await store.pendingPositions == ["a": 12, "b": 5])
        await store.flush()
        #expect(await api.receivedBatches == [["a": 10], ["a": 12, "b": 5]])
        #expect(await store.pendingCount == 0)
    }

    // (b, app exit) Catches: a flush requested while a save is in flight is lost. The BUGGY
    // flush resends the in-flight position; the seed's fixed flush returns at once without
    // sending what was recorded meanwhile, so `await flush()` at app exit would return
    // before "b" is saved.
    @Test func flushDuringASaveReturnsOnlyAfterNewerPositionsAreSent() async {
        let api = ControllableProgressAPI(suspending: [0])
        var suspensions = api.suspensions.makeAsyncIterator()
        let store = ResumePositionStore(api: api)
        await store.record(10, for: "a")

        let timerFlush = await store.startFlush()
        #expect(await suspensions.next() == 0)
        await store.record(5, for: "b")
        let exitFlush = await store.startFlush()
        await api.resume(call: 0)
        await exitFlush.value

        #expect(await api.receivedBatches == [["a": 10], ["b": 5]])
        #expect(await api.stored == ["a": 10, "b": 5])
        await timerFlush.value
        #expect(await store.pendingCount == 0)
    }

    // (c) Catches: a failed save loses its batch (the BUGGY flush ignores the error with
    // `try?` and then clears `pending`), or rolls an item back by merging the failed batch
    // over a newer position recorded during the save.
    @Test func failedSaveKeepsNewerPositionsAndRetainsTheRest() async {
        let api = ControllableProgressAPI(suspending: [0])
        var suspensions = api.suspensions.makeAsyncIterator()
        let store = ResumePositionStore(api: api)
        await store.record(10, for: "a")
        await store.record(3, for: "b")

        let first = await store.startFlush()
        #expect(await suspensions.next() == 0)
        await store.record(20, for: "a")
        await api.resume(call: 0, failingWith: ScriptedFailure())
        await first.value

        #expect(await store.pendingPositions == ["a": 20, "b": 3])
        #expect(await store.lastFlushError is ScriptedFailure)

        // The next flush retries, and success clears the error.
        await store.flush()
        #expect(await api.receivedBatches == [["a": 10, "b": 3], ["a": 20, "b": 3]])
        #expect(await store.pendingCount == 0)
        #expect(await store.lastFlushError == nil)
    }

    // (d) Catches: a flush that sends something when nothing is pending. With everything in
    // flight, the BUGGY flush still sees "a" in `pending` and sends it again. The empty-store
    // case passes with the BUGGY flush (its guard handles it); it is here so the joining and
    // looping logic can never send an empty batch or wait forever when there is no work.
    @Test func flushWithNothingPendingSendsNothing() async {
        let api = ControllableProgressAPI(suspending: [0])
        var suspensions = api.suspensions.makeAsyncIterator()
        let store = ResumePositionStore(api: api)

        await store.flush()
        #expect(await api.receivedBatches.isEmpty)

        await store.record(10, for: "a")
        let first = await store.startFlush()
        #expect(await suspensions.next() == 0)
        #expect(await store.pendingCount == 0)
        let second = await store.startFlush()
        await api.resume(call: 0)
        await first.value
        await second.value

        #expect(await api.receivedBatches == [["a": 10]])
    }

    // Catches: answering a position query with the API's stale value while a newer position
    // is pending or in flight (and not re-checking after the API's answer).
    @Test func positionPrefersPendingAndInFlightOverStored() async {
        let api = ControllableProgressAPI(suspending: [0], stored: ["a": 1, "old": 42])
        var suspensions = api.suspensions.makeAsyncIterator()
        let store = ResumePositionStore(api: api)
        await store.record(10, for: "a")
        #expect(await store.position(for: "a") == 10)

        let first = await store.startFlush()
        #expect(await suspensions.next() == 0)
        #expect(await store.position(for: "a") == 10)
        #expect(await store.position(for: "old") == 42)
        #expect(await store.position(for: "missing") == nil)
        await api.resume(call: 0)
        await first.value

        #expect(await store.position(for: "a") == 10)
        #expect(await api.positionQueries == ["old", "missing", "a"])
    }

    // Catches: swallowing read errors everywhere. `loadPosition` reports them; `position`
    // deliberately maps them to nil ("start from the beginning").
    @Test func loadPositionSurfacesAPIErrors() async {
        let store = ResumePositionStore(api: ControllableProgressAPI(failsReads: true))
        await #expect(throws: ScriptedFailure.self) { try await store.loadPosition(for: "a") }
        #expect(await store.position(for: "a") == nil)
    }

    // Catches: storing values no database accepts; merged back after every failed save, one
    // NaN would block all other positions forever.
    @Test func recordIgnoresNonFiniteValuesAndClampsNegativeOnes() async {
        let store = ResumePositionStore(api: ControllableProgressAPI())
        await store.record(5, for: "a")
        await store.record(.nan, for: "a")
        await store.record(.infinity, for: "b")
        await store.record(-0.5, for: "c")
        #expect(await store.pendingPositions == ["a": 5, "c": 0])
    }
}
