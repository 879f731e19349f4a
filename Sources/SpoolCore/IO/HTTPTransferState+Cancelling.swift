import Foundation

extension HTTPTransferState {
    /// Below this many bytes left, a transfer is about to complete whatever its rate.
    static let imminentBytes: Int64 = 64 << 10
    /// A transfer that will complete within this time at its current rate is left to finish.
    static let imminentTime = 0.25
    /// The rate is trusted once this much of the body arrived (the first bytes come in a
    /// burst, whatever the link).
    static let bytesForRate: Int64 = 1 << 20

    /// Whether cancelling the current task cannot race its completion.
    ///
    /// swift-corelibs-foundation's `URLSessionTask.cancel()` runs in two hops on the session's
    /// work queue; when the transfer completes in between — it does when its last bytes are
    /// already queued behind the hops, as on a fast local network — Foundation reports the
    /// cancellation for a task it has already removed and traps ("Trying to access a behaviour
    /// for a task that in not in the registry"). So a task is not cancelled when its remaining
    /// bytes are few (`imminentBytes`) or, at the rate it has been receiving, need less than
    /// `imminentTime`: it is left to finish (its bytes are then ignored or kept, as the caller
    /// decides), which on such a link takes a moment. Without a known length nothing says the
    /// end is near, and it may be cancelled.
    func canCancelSafely(at now: Duration) -> Bool {
        guard task != nil else { return false }
        guard let remaining = remainingBytes else { return true }
        if remaining <= Self.imminentBytes { return false }
        guard let responseAt, bytesThisRequest >= Self.bytesForRate else { return true }
        let elapsed = (now - responseAt).timeInterval
        guard elapsed > 0 else { return false }
        let bytesPerSecond = Double(bytesThisRequest) / elapsed
        return Double(remaining) / bytesPerSecond > Self.imminentTime
    }

    /// The bytes the current task has still to deliver, when known: to the end of the resource
    /// while streaming (every request runs to the end), a refused response's announced body.
    private var remainingBytes: Int64? {
        switch phase {
        case .streaming, .paused: length.map { max($0 - fetchOffset, 0) }
        case .awaitingResponse, .failed: refusedBodyLength
        default: nil
        }
    }
}
