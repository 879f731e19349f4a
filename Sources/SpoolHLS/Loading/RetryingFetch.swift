import Foundation
public import SpoolCore

/// Fetches with retries: transient failures (time-outs, network errors, 5xx) are tried again
/// after a growing pause — min((n − 1) × `step`, `maximumDelay`), as ExoPlayer does — up to
/// `attempts` tries in all; other failures are final at once. A 503 or 429 whose server said
/// `Retry-After: N` is tried again after N s instead (at most `maximumRetryAfter`).
public struct RetryingFetch: Sendable {
    /// Tries in all, the first included.
    public var attempts: Int
    /// The pause grows by this much per failed try.
    public var step: Duration
    /// The longest pause.
    public var maximumDelay: Duration
    /// The longest pause a server's `Retry-After` can impose; a longer one is cut to this.
    public var maximumRetryAfter: Duration
    /// The machine's network path: a failure below HTTP while it leaves the URL unreachable
    /// spends no try; the fetch waits (looking again every `offlinePoll`) until the path
    /// returns. `nil` never waits.
    public var networkPath: (any NetworkPathMonitoring)?
    /// How often an offline wait looks at the path again (on `pause`, so it stays
    /// cancellable).
    public var offlinePoll: Duration = .milliseconds(250)

    /// A retry policy.
    public init(
        attempts: Int = 3, step: Duration = .seconds(1), maximumDelay: Duration = .seconds(5),
        maximumRetryAfter: Duration = .seconds(30)
    ) {
        self.attempts = attempts
        self.step = step
        self.maximumDelay = maximumDelay
        self.maximumRetryAfter = maximumRetryAfter
    }

    /// The pause before try `attempt` (1-based: no pause before the first).
    public func delay(beforeAttempt attempt: Int) -> Duration {
        min(step * max(attempt - 1, 0), maximumDelay)
    }

    /// The pause before try `attempt` after `failure`: its `Retry-After` (bounded by
    /// `maximumRetryAfter`) when it is a 503 or 429 that sent one, else the growing backoff.
    public func delay(beforeAttempt attempt: Int, after failure: ResourceFetchFailure) -> Duration {
        if case .failed(.httpStatus(let status, _)) = failure.error,
            let wait = RetryAfter.wait(failure.retryAfter, status: status, atMost: maximumRetryAfter)
        {
            return wait
        }
        return delay(beforeAttempt: attempt)
    }

    /// Fetches `request` through `fetcher`, pausing with `pause` between tries (`pause`
    /// returns `false` when cancelled, which ends the retries with `.failed(.cancelled)`).
    /// `networkReturned` is called each time an offline wait ends, so a caller that times
    /// its failures counts from there.
    public func fetch(
        _ request: ResourceRequest, with fetcher: any ResourceFetching, pause: (Duration) -> Bool,
        networkReturned: () -> Void = {}
    ) throws(ResourceFetchError) -> FetchedResource {
        var attempt = 1
        while true {
            do {
                return try fetcher.fetchWithRetryAdvice(request)
            } catch {
                if error.error.isBelowHTTP, let networkPath, networkPath.isUnreachable(request.url) {
                    while networkPath.isUnreachable(request.url) {
                        guard pause(offlinePoll) else { throw .failed(.cancelled) }
                    }
                    networkReturned()
                    continue
                }
                guard error.error.isTransient, attempt < attempts else { throw error.error }
                attempt += 1
                guard pause(delay(beforeAttempt: attempt, after: error)) else { throw .failed(.cancelled) }
            }
        }
    }
}
