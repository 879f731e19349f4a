import Foundation
import SpoolCore

/// One HTTP fetch in flight: the events of its transport transfer fill it (on the
/// transport's thread), the fetching thread waits for its outcome.
final class FetchTransfer: HTTPTransferEvents, Sendable {
    enum Outcome {
        case success(Data, firstByte: Duration?, finishedAt: Duration)
        case failure(ResourceFetchFailure)
    }

    struct State {
        var data = Data()
        var firstByte: Duration?
        var partial = false
        var outcome: Outcome?
        /// The server's status refused the fetch (the body that follows is not wanted).
        var refused = false
        /// The transport reported the transfer's completion.
        var completed = false
        /// The body length the response announced, when it did.
        var expectedLength: Int64?
        /// When the transport last reported anything (on the fetcher's clock): the
        /// watchdog's measure of silence.
        var lastActivity: Duration
    }

    let request: ResourceRequest
    let startedAt: Duration
    private let now: @Sendable () -> Duration
    /// Silence after which the fetch fails even if the transport never says so: a backstop
    /// for "every fetch ends", past the transport's own (whole-second) request timeout.
    private let silenceLimit: Duration
    let state: ConditionLock<State>

    init(request: ResourceRequest, now: @escaping @Sendable () -> Duration, silenceLimit: Duration) {
        self.request = request
        self.now = now
        self.silenceLimit = silenceLimit
        startedAt = now()
        state = ConditionLock(State(lastActivity: startedAt))
    }

    var wasPartial: Bool { state.withLock { $0.partial } }
    var wasRefused: Bool { state.withLock { $0.refused } }
    var isCompleted: Bool { state.withLock { $0.completed } }

    /// Whether the body is about to be complete (`ImminentCompletion`).
    func isNearlyComplete(at now: Duration) -> Bool {
        state.withLock { state in
            guard let expected = state.expectedLength else { return false }
            let received = Int64(state.data.count)
            return ImminentCompletion.isImminent(
                remaining: expected - received, received: received, elapsed: state.firstByte.map { now - $0 } ?? .zero)
        }
    }

    /// Waits up to `timeout` for the transfer's completion; returns whether it came.
    func waitForCompletion(timeout: Duration) -> Bool {
        state.wait(timeout: timeout) { $0.completed ? true : nil } ?? false
    }

    /// Waits for the outcome; silence past `silenceLimit` is one (a time-out). While the body
    /// has started but is silent, the progress handler is asked again every half second with
    /// the same byte count: a download that stopped mid-body can then be abandoned (for a
    /// lower variant, before the buffer runs dry) like one that crawls, long before the
    /// transport's request timeout.
    func waitForOutcome() -> Outcome {
        let url = request.url
        let limit = silenceLimit
        let now = now
        let tick = Duration.milliseconds(500)
        while true {
            let outcome = state.wait(timeout: tick) { state -> Outcome? in
                if state.outcome == nil, now() - state.lastActivity >= limit {
                    state.outcome = .failure(
                        ResourceFetchError.failed(.network("the server did not respond in time", url)).advice)
                }
                return state.outcome
            }
            if let outcome { return outcome }
            guard let onProgress = request.onProgress else { continue }
            let at = now()
            let silent = state.withLock { state -> Int? in
                guard state.outcome == nil, state.firstByte != nil, at - state.lastActivity >= tick else { return nil }
                return state.data.count
            }
            // Outside the lock: the handler is the caller's code.
            if let count = silent, !onProgress(count, at - startedAt) {
                finish(.failure(ResourceFetchError.abandoned(url).advice))
            }
        }
    }

    /// Records the outcome unless one is already there.
    func finish(_ outcome: Outcome) {
        state.update { state in
            if state.outcome == nil { state.outcome = outcome }
        }
    }

    // MARK: HTTPTransferEvents

    func transfer(_ transfer: any HTTPTransfer, didReceive head: HTTPTransferHead) {
        let url = request.url
        let now = now()
        guard (200..<300).contains(head.status) else {
            let retryAfter =
                RetryAfter.applies(toStatus: head.status) ? head.value("Retry-After").flatMap(RetryAfter.delay) : nil
            state.update { state in
                state.lastActivity = now
                state.refused = true
                if state.outcome == nil {
                    let error = ResourceFetchError.failed(.forHTTPStatus(head.status, url: url))
                    state.outcome = .failure(ResourceFetchFailure(error, retryAfter: retryAfter))
                }
            }
            return
        }
        let partial = head.status == 206
        let expected = head.value("Content-Length").flatMap { Int64($0.trimmingCharacters(in: .whitespaces)) }
        let limit = bodyLimit(partial: partial)
        state.update { state in
            state.lastActivity = now
            state.partial = partial
            state.expectedLength = expected.flatMap { $0 >= 0 ? $0 : nil }
            if let expected, expected > Int64(limit), state.outcome == nil {
                state.outcome = .failure(ResourceFetchError.tooLarge(limit: limit, url).advice)
            }
        }
    }

    func transfer(_ transfer: any HTTPTransfer, didReceive data: Data) {
        let now = now()
        let counted = state.update { state -> (count: Int, partial: Bool)? in
            state.lastActivity = now
            guard state.outcome == nil else { return nil }
            if state.firstByte == nil { state.firstByte = now }
            state.data.append(data)
            return (state.data.count, state.partial)
        }
        guard let (count, partial) = counted else { return }
        let limit = bodyLimit(partial: partial)
        if count > limit {
            finish(.failure(ResourceFetchError.tooLarge(limit: limit, request.url).advice))
            return
        }
        // Outside the lock: the handler is the caller's code.
        if let onProgress = request.onProgress, !onProgress(count, now - startedAt) {
            finish(.failure(ResourceFetchError.abandoned(request.url).advice))
        }
    }

    func transfer(_ transfer: any HTTPTransfer, didCompleteWith error: HTTPTransportError?) {
        let finishedAt = now()
        let url = request.url
        state.update { state in
            state.completed = true
            state.lastActivity = finishedAt
            guard state.outcome == nil else { return }
            if let error {
                let failure: ByteSourceError = error.kind == .cancelled ? .cancelled : .network(error.message, url)
                state.outcome = .failure(ResourceFetchError.failed(failure).advice)
            } else {
                state.outcome = .success(state.data, firstByte: state.firstByte, finishedAt: finishedAt)
            }
        }
    }

    /// The most body bytes accepted. A server that ignored the Range header sends the whole
    /// resource, of which the fetcher keeps the part asked for, so that body is not bounded.
    private func bodyLimit(partial: Bool) -> Int {
        request.byteRange == nil || partial ? request.maxBytes : Int.max
    }
}

extension ResourceFetchError {
    /// This error as a failure without a `Retry-After`.
    var advice: ResourceFetchFailure { ResourceFetchFailure(self) }
}
