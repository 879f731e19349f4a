/// When a failed load is tried again, and after how long: the counterpart of ExoPlayer's
/// `LoadErrorHandlingPolicy`, with defaults like hls.js's fragment policy.
///
/// Pure: it decides from the failure and the number of failed attempts in a row, and never
/// waits itself. `HTTPByteSource` asks it whenever a request fails, and waits on its
/// injected clock.
///
/// Defaults: time-outs, connection resets and early closes, stalls, 5xx and 429 answers are
/// retried; other 4xx answers (404, 403, 416 on a first request…), DNS and TLS failures are not;
/// a refused connection is retried only when resuming a body (a restarting server), never
/// on the first request (nothing listens there). A dropped connection is retried at once the
/// first time, then after 1 s, 2 s, 4 s, 8 s, 8 s; a 5xx after 1 s, 2 s, 4 s…; at most
/// `maxRetries` in a row without a body byte in between. A 503 or 429 that says
/// `Retry-After: N` (delta-seconds) is retried after N s instead, at most `maxRetryAfter`.
public struct LoadErrorPolicy: Sendable, Equatable {
    /// What went wrong with one request.
    public enum Failure: Sendable, Equatable, CustomStringConvertible {
        /// The request timed out (no answer, or no bytes, within the request timeout).
        case timedOut
        /// The connection was reset, or closed before the body was complete.
        case connectionLost
        /// No byte arrived for `stallTimeout`.
        case stalled
        /// Nothing accepted the connection.
        case connectionRefused
        /// The server answered with this error status.
        case httpStatus(Int)
        /// Anything else (DNS, TLS, a malformed answer): not worth repeating.
        case other

        /// Whether the request failed below HTTP (no answer at all): what a machine that lost
        /// its network sees, where an error status means a server did answer.
        public var isTransportFailure: Bool {
            if case .httpStatus = self { false } else { true }
        }

        /// In words, for the message that ends the retries.
        public var description: String {
            switch self {
            case .timedOut: "timed out"
            case .connectionLost: "connection lost"
            case .stalled: "stalled"
            case .connectionRefused: "connection refused"
            case .httpStatus(let status): "HTTP \(status)"
            case .other: "failed"
            }
        }
    }

    /// What to do about a failure.
    public enum Decision: Sendable, Equatable {
        /// Send the request again after this long.
        case retry(after: Duration)
        /// Give up: the error is final.
        case fail
    }

    /// Retries in a row (without a body byte arriving in between) before giving up.
    public var maxRetries: Int
    /// The first pause of the growing backoff; it doubles per retry.
    public var retryDelay: Duration
    /// The longest pause.
    public var maxRetryDelay: Duration
    /// A transfer with no byte for this long is treated as failed (`.stalled`) and resumed.
    public var stallTimeout: Duration
    /// The longest wait a server's `Retry-After` can impose: a longer one is cut to this, so a
    /// misconfigured server cannot hold playback for an hour.
    public var maxRetryAfter: Duration

    /// A policy; the defaults are described on the type.
    public init(
        maxRetries: Int = 6, retryDelay: Duration = .seconds(1), maxRetryDelay: Duration = .seconds(8),
        stallTimeout: Duration = .seconds(8), maxRetryAfter: Duration = .seconds(30)
    ) {
        self.maxRetries = max(0, maxRetries)
        self.retryDelay = max(.zero, retryDelay)
        self.maxRetryDelay = max(.zero, maxRetryDelay)
        self.stallTimeout = max(.milliseconds(1), stallTimeout)
        self.maxRetryAfter = max(.zero, maxRetryAfter)
    }

    /// A policy that never retries (a failure is final at once); stalls are still detected.
    public static let never = LoadErrorPolicy(maxRetries: 0)

    /// Whether `failure` is worth trying again at all; `resuming` says a body was already
    /// under way (so a refused connection means a server restarting, not a wrong address).
    public func isRetryable(_ failure: Failure, resuming: Bool) -> Bool {
        switch failure {
        case .timedOut, .connectionLost, .stalled: true
        case .connectionRefused: resuming
        case .httpStatus(let status): (500..<600).contains(status) || status == 429
        case .other: false
        }
    }

    /// The decision for the `attempt`-th failure in a row (1 for the first), when the answer
    /// carried a `Retry-After` of `retryAfter`: for a 503 or 429 that wait (at most
    /// `maxRetryAfter`) replaces the backoff; for any other failure it is ignored. It never
    /// makes a failure retryable that is not, nor lifts `maxRetries`.
    public func decision(
        for failure: Failure, attempt: Int, resuming: Bool, retryAfter: Duration? = nil
    ) -> Decision {
        guard attempt >= 1, attempt <= maxRetries, isRetryable(failure, resuming: resuming) else { return .fail }
        if case .httpStatus(let status) = failure,
            let wait = RetryAfter.wait(retryAfter, status: status, atMost: maxRetryAfter)
        {
            return .retry(after: wait)
        }
        return .retry(after: delay(for: failure, attempt: attempt))
    }

    /// The pause before retry `attempt`: a dropped or stalled connection is retried at once
    /// the first time (the server is there; the bytes are what matter), everything else —
    /// and later retries — after `retryDelay` doubled per retry, at most `maxRetryDelay`.
    public func delay(for failure: Failure, attempt: Int) -> Duration {
        let immediateFirst = failure == .connectionLost || failure == .stalled || failure == .timedOut
        let exponent = immediateFirst ? attempt - 2 : attempt - 1
        guard exponent >= 0 else { return .zero }
        var delay = retryDelay
        for _ in 0..<min(exponent, 30) {
            delay = delay * 2
            if delay >= maxRetryDelay { break }
        }
        return min(delay, maxRetryDelay)
    }
}
