/// Collects resume positions in memory and hands them to a `ProgressAPI` in batches.
///
/// Playback records a position every few seconds with `record(_:for:)`; a timer, a pause and
/// app exit call `flush()`. The store is written around the flush race described in the
/// concurrency notes ("the bug actors don't protect you from"): every `await` inside an actor
/// lets other calls run, so all bookkeeping happens before the single suspension point
/// (`api.save`) and nothing read before it is trusted after it.
///
/// Guarantees:
/// - A position is never sent twice by concurrent flushes: a batch leaves `pending` before
///   the save starts, and only one save is in flight at a time (as `ProgressAPI` expects).
/// - A position recorded while a save is in flight is never lost: it stays pending for the
///   next round instead of being cleared when the save returns.
/// - A failed save loses nothing and never rolls an item back: its batch is merged back into
///   `pending`, keeping any newer position recorded for the same item meanwhile.
/// - When `flush()` returns, every position recorded before the call has been through a
///   completed save attempt: it is stored, or it is pending again and `lastFlushError` says why.
///   This makes `await store.flush()` at app exit reliable even when a timer flush is in flight.
public actor ResumePositionStore {
    /// A caller of `flush()` that arrived while a save was in flight, waiting for the round
    /// that starts after it (the in-flight batch may not contain what it recorded).
    private struct Joiner {
        let round: Int
        let continuation: CheckedContinuation<Void, Never>
    }

    private let api: any ProgressAPI
    /// Recorded positions not yet handed to a save.
    private var pending: [ItemID: Double] = [:]
    /// The batch the in-flight save is storing; still the newest known value for its items.
    private var inFlight: [ItemID: Double] = [:]
    /// Number of save rounds started; a joiner waits for the round after the current one.
    private var roundsStarted = 0
    private var joiners: [Joiner] = []

    /// Whether a save is in flight. A `flush()` called meanwhile joins it instead of saving again.
    public private(set) var isFlushing = false

    /// Why the most recent save attempt failed, or `nil` if it succeeded (or none ran yet).
    ///
    /// The failed batch is pending again, so the next `flush()` retries it; this property is
    /// how failures are surfaced (for logging or a retry policy) rather than swallowed.
    public private(set) var lastFlushError: (any Error)?

    /// Creates a store that saves through `api`. Nothing is saved until `flush()` is called.
    public init(api: any ProgressAPI) {
        self.api = api
    }

    /// Positions recorded but not yet handed to a save (the in-flight batch is not included).
    public var pendingPositions: [ItemID: Double] { pending }

    /// The number of items in `pendingPositions`.
    public var pendingCount: Int { pending.count }

    /// Remembers `seconds` as the resume position of `itemID`, replacing any pending position.
    ///
    /// Non-finite values (NaN, ±infinity: an unknown or live position) are ignored, so the
    /// previously recorded position is kept; a store would reject them and, merged back after
    /// every failure, they would block all other items forever. Negative values (clock jitter
    /// around the start) are clamped to 0.
    public func record(_ seconds: Double, for itemID: ItemID) {
        guard seconds.isFinite else { return }
        pending[itemID] = max(0, seconds)
    }

    /// Saves every pending position, and returns once the positions recorded before this call
    /// have been through a completed save attempt.
    ///
    /// - If nothing is pending and no save is in flight, returns without calling the API.
    /// - If a save is in flight, this call does not send anything itself: it waits for that
    ///   save, then for one more round that sends whatever was recorded meanwhile (the caller
    ///   that started the in-flight save runs that round). It never resends the in-flight batch.
    /// - On failure the batch is pending again and `lastFlushError` is set; the store does not
    ///   retry on its own, except that a round requested by a waiting caller still runs.
    /// - Cancelling the calling task does not abandon the flush; a save that throws because of
    ///   cancellation counts as a failure and its batch stays pending.
    public func flush() async {
        guard !isFlushing else {
            // The in-flight batch was taken before this call, so it may miss positions recorded
            // since; wait for the next round, which will take them.
            let round = roundsStarted + 1
            await withCheckedContinuation { continuation in
                joiners.append(Joiner(round: round, continuation: continuation))
            }
            return
        }
        isFlushing = true
        repeat {
            guard !pending.isEmpty else { break }
            await saveOneRound()
        } while !joiners.isEmpty
        isFlushing = false
        // Nothing is pending (or the last round failed with no one asking for another), so
        // every remaining joiner has had its attempt.
        resumeJoiners(throughRound: Int.max)
    }

    /// Sends the pending positions in one save. All state changes happen before the single
    /// `await`, so concurrent `record` and `flush` calls see a consistent store while it waits.
    private func saveOneRound() async {
        let batch = pending
        pending.removeAll()
        inFlight = batch
        roundsStarted += 1
        let round = roundsStarted
        do {
            try await api.save(batch)
            lastFlushError = nil
        } catch {
            // `pending` may hold newer positions recorded during the save: they win.
            pending.merge(batch) { newer, _ in newer }
            lastFlushError = error
        }
        inFlight.removeAll()
        resumeJoiners(throughRound: round)
    }

    private func resumeJoiners(throughRound round: Int) {
        let done = joiners.filter { $0.round <= round }
        joiners.removeAll { $0.round <= round }
        for joiner in done { joiner.continuation.resume() }
    }

    /// The newest known position of `itemID`: pending, then being saved, then stored by the API.
    ///
    /// Throws the API's error when it has to ask the API and the API fails.
    public func loadPosition(for itemID: ItemID) async throws -> Double? {
        if let local = pending[itemID] ?? inFlight[itemID] { return local }
        let stored = try await api.position(for: itemID)
        // A position recorded while the API was answering is newer than what it returned.
        return pending[itemID] ?? inFlight[itemID] ?? stored
    }

    /// The newest known position of `itemID`, or `nil` when there is none or the API failed.
    ///
    /// Meant for "where do I start playing": both cases mean "start from the beginning".
    /// Use `loadPosition(for:)` to tell them apart.
    public func position(for itemID: ItemID) async -> Double? {
        try? await loadPosition(for: itemID)
    }
}
