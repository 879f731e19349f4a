import SpoolCore

/// A `ProgressAPI` whose saves the test controls, for provoking the flush races.
///
/// Every batch it receives is recorded, in order. Saves whose 0-based call number is in
/// `suspendedCalls` suspend until the test calls `resume(call:failingWith:)`; the moment one
/// suspends, its call number is sent on `suspensions`, so a test waits for "the save is in
/// flight" on a signal instead of sleeping. Other saves succeed at once.
actor ControllableProgressAPI: ProgressAPI {
    struct ScriptedFailure: Error, Equatable {}

    private let suspendedCalls: Set<Int>
    private let failsReads: Bool
    private var waiting: [Int: CheckedContinuation<(any Error)?, Never>] = [:]
    private let suspensionsContinuation: AsyncStream<Int>.Continuation

    /// Call numbers of saves that have suspended, in the order they suspended.
    nonisolated let suspensions: AsyncStream<Int>

    /// Every batch passed to `save`, including ones that failed.
    private(set) var receivedBatches: [[ItemID: Double]] = []

    /// What successful saves stored, as `position(for:)` reports it.
    private(set) var stored: [ItemID: Double] = [:]

    /// Items `position(for:)` was asked about.
    private(set) var positionQueries: [ItemID] = []

    /// - Parameters:
    ///   - suspendedCalls: 0-based numbers of the saves that suspend until resumed.
    ///   - stored: positions already stored before the test starts.
    ///   - failsReads: whether `position(for:)` throws `ScriptedFailure`.
    init(suspending suspendedCalls: Set<Int> = [], stored: [ItemID: Double] = [:], failsReads: Bool = false) {
        self.suspendedCalls = suspendedCalls
        self.failsReads = failsReads
        self.stored = stored
        (suspensions, suspensionsContinuation) = AsyncStream.makeStream(of: Int.self)
    }

    func save(_ batch: [ItemID: Double]) async throws {
        let call = receivedBatches.count
        receivedBatches.append(batch)
        if suspendedCalls.contains(call) {
            let failure = await withCheckedContinuation { continuation in
                waiting[call] = continuation
                suspensionsContinuation.yield(call)
            }
            if let failure { throw failure }
        }
        stored.merge(batch) { _, new in new }
    }

    func position(for itemID: ItemID) async throws -> Double? {
        positionQueries.append(itemID)
        if failsReads { throw ScriptedFailure() }
        return stored[itemID]
    }

    /// Lets suspended save number `call` finish, successfully or by throwing `failure`.
    /// Returns false when that save is not suspended.
    @discardableResult
    func resume(call: Int, failingWith failure: (any Error)? = nil) -> Bool {
        guard let continuation = waiting.removeValue(forKey: call) else { return false }
        continuation.resume(returning: failure)
        return true
    }
}
