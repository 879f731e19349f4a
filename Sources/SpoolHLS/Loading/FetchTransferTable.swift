import SpoolCore

/// The fetches in flight, and whether the fetcher was cancelled.
final class FetchTransferTable: Sendable {
    private struct State {
        var cancelled = false
        var transfers: [ObjectIdentifier: FetchTransfer] = [:]
    }

    private let state = Locked(State())

    var isCancelled: Bool { state.withLock { $0.cancelled } }

    /// Adds `transfer` unless the fetcher was cancelled; returns whether it did.
    func register(_ transfer: FetchTransfer) -> Bool {
        state.withLock { state in
            guard !state.cancelled else { return false }
            state.transfers[ObjectIdentifier(transfer)] = transfer
            return true
        }
    }

    func remove(_ transfer: FetchTransfer) {
        state.withLock { _ = $0.transfers.removeValue(forKey: ObjectIdentifier(transfer)) }
    }

    /// Marks the table cancelled and fails every transfer: each fetching thread wakes at once
    /// and stops its own transport transfer.
    func cancelAll() {
        let transfers = state.withLock { state -> [FetchTransfer] in
            state.cancelled = true
            return Array(state.transfers.values)
        }
        for transfer in transfers { transfer.finish(.failure(ResourceFetchError.failed(.cancelled).advice)) }
    }
}
