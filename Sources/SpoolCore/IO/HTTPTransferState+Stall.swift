import Foundation

extension HTTPTransferState {
    /// What the stall watch of one request does next.
    enum StallCheck: Equatable {
        /// The request is over or replaced: stop watching.
        case stop
        /// Bytes arrived recently: look again at this time (on the injected clock).
        case wait(until: Duration)
        /// Nothing arrived for the policy's `stallTimeout`: the request was dropped as failed.
        case stalled
    }

    /// Checks request `attempt` at `clockNow` (injected clock); `now` is the monotonic time
    /// for the cancellation rule. A stall is a failure like a lost connection: the policy
    /// decides the retry, and the task to cancel is returned.
    mutating func checkStall(
        of attempt: Int, at clockNow: Duration, now: Duration
    ) -> (StallCheck, cancel: (any HTTPTransfer)?) {
        guard attempt == self.attempt else { return (.stop, nil) }
        switch phase {
        case .awaitingResponse, .streaming: break
        default: return (.stop, nil)
        }
        let deadline = lastProgressAt + policy.stallTimeout
        guard clockNow >= deadline else { return (.wait(until: deadline), nil) }
        let error = ByteSourceError.network("no data for \(policy.stallTimeout) at byte \(fetchOffset)", url)
        return (.stalled, recover(from: .stalled, error: error, at: now))
    }
}
