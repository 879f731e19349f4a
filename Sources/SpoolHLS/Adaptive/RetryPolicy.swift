/// When to retry a failed download and when to give up on the variant.
///
/// Retryable failures are retried on the same variant after a backoff that doubles from
/// `initialDelay` up to `maximumDelay` (0.5, 1, 2, 4, 5, 5… s by default), at most
/// `maximumAttempts` attempts in all; then, and at once for a failure that is not retryable,
/// the answer is to fail over (exclude the variant with
/// `AdaptiveBitrateController.excludeVariant(_:at:)` and decide again).
public struct RetryPolicy: Sendable, Equatable {
    /// What to do after a failure.
    public enum Action: Sendable, Equatable {
        /// Try the same request again after this delay.
        case retry(after: Duration)
        /// Stop retrying this variant: exclude it and fail over to another.
        case failOver
    }

    /// Attempts per request on one variant, the first included. Default 3.
    public var maximumAttempts: Int
    /// The delay before the first retry. Default 500 ms.
    public var initialDelay: Duration
    /// The longest delay between attempts. Default 5 s.
    public var maximumDelay: Duration

    /// A policy with explicit values; every parameter defaults to the documented default.
    public init(
        maximumAttempts: Int = 3, initialDelay: Duration = .milliseconds(500), maximumDelay: Duration = .seconds(5)
    ) {
        self.maximumAttempts = maximumAttempts
        self.initialDelay = initialDelay
        self.maximumDelay = maximumDelay
    }

    /// The delay before retrying after `failures` consecutive failures (1 for the first):
    /// `initialDelay × 2^(failures − 1)`, at most `maximumDelay`.
    public func delay(afterFailures failures: Int) -> Duration {
        var delay = initialDelay
        for _ in 1..<max(failures, 1) {
            delay *= 2
            if delay >= maximumDelay { break }
        }
        return min(delay, maximumDelay)
    }

    /// What to do after the `failures`-th consecutive failure (1 for the first) of one
    /// request, the latest of kind `kind`.
    public func action(after kind: FetchFailureKind, failures: Int) -> Action {
        guard kind.isRetryable, failures < maximumAttempts else { return .failOver }
        return .retry(after: delay(afterFailures: failures))
    }
}
