import SpoolCore

/// Cancellations for the streams an item opens as it plays (rendition audio, subtitles), so
/// stopping the item reaches all of them: one registered after `cancelAll()` is called at once.
final class CancelGroup: Sendable {
    private let state = Locked<(cancelled: Bool, next: Int, actions: [Int: @Sendable () -> Void])>((false, 0, [:]))

    /// Registers `action`; returns a key for `remove(_:)`. Runs it at once when already cancelled.
    @discardableResult
    func add(_ action: @escaping @Sendable () -> Void) -> Int {
        let (key, runNow) = state.withLock { state -> (Int, Bool) in
            state.next += 1
            if state.cancelled { return (state.next, true) }
            state.actions[state.next] = action
            return (state.next, false)
        }
        if runNow { action() }
        return key
    }

    /// Forgets the action registered under `key` (its stream was closed normally).
    func remove(_ key: Int) {
        _ = state.withLock { $0.actions.removeValue(forKey: key) }
    }

    /// Runs every registered action, now and for later registrations. Idempotent.
    func cancelAll() {
        let actions = state.withLock { state -> [@Sendable () -> Void] in
            state.cancelled = true
            defer { state.actions.removeAll() }
            return Array(state.actions.values)
        }
        for action in actions { action() }
    }

    /// Whether `cancelAll()` was called.
    var isCancelled: Bool { state.withLock { $0.cancelled } }
}
