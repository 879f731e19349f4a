import SpoolCore

/// The counters of one pipeline, written by its threads and read by the player. Every
/// update is a short critical section; nothing blocks while holding the lock.
final class PipelineStatistics: Sendable {
    private struct State {
        var counters = PlaybackStatistics()
        var syncErrors = SyncErrorHistogram()
    }

    private let state = Locked(State())

    func update(_ body: (inout PlaybackStatistics) -> Void) {
        state.withLock { body(&$0.counters) }
    }

    /// Records the distance between a presented frame's time and the master clock.
    func recordSyncError(milliseconds: Double) {
        state.withLock { $0.syncErrors.add(milliseconds) }
    }

    func snapshot(bytesTransferred: Int64) -> PlaybackStatistics {
        state.withLock { state in
            var counters = state.counters
            counters.avSyncErrorP50Ms = state.syncErrors.percentile(0.5)
            counters.avSyncErrorP99Ms = state.syncErrors.percentile(0.99)
            counters.bytesTransferred = bytesTransferred
            return counters
        }
    }
}
