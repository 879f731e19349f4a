import Foundation

extension HTTPTransferState {
    /// Whether cancelling the current task cannot race its completion (`ImminentCompletion`;
    /// only URLSession's transport has the race):
    /// a task close to its end is left to finish — its bytes are then ignored or kept, as the
    /// caller decides. Without a known length nothing says the end is near, and it may be
    /// cancelled.
    func canCancelSafely(at now: Duration) -> Bool {
        guard task != nil else { return false }
        guard cancellingNearCompletionIsUnsafe else { return true }
        guard let remaining = remainingBytes else { return true }
        let elapsed = responseAt.map { now - $0 } ?? .zero
        return !ImminentCompletion.isImminent(remaining: remaining, received: bytesThisRequest, elapsed: elapsed)
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
