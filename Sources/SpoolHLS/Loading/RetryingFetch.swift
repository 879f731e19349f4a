import Foundation
import SpoolCore

/// Fetches with retries: transient failures (time-outs, network errors, 5xx) are tried again
/// after a growing pause — min((n − 1) × `step`, `maximumDelay`), as ExoPlayer does — up to
/// `attempts` tries in all; other failures are final at once.
public struct RetryingFetch: Sendable {
    /// Tries in all, the first included.
    public var attempts: Int
    /// The pause grows by this much per failed try.
    public var step: Duration
    /// The longest pause.
    public var maximumDelay: Duration

    /// A retry policy.
    public init(attempts: Int = 3, step: Duration = .seconds(1), maximumDelay: Duration = .seconds(5)) {
        self.attempts = attempts
        self.step = step
        self.maximumDelay = maximumDelay
    }

    /// The pause before try `attempt` (1-based: no pause before the first).
    public func delay(beforeAttempt attempt: Int) -> Duration {
        min(step * max(attempt - 1, 0), maximumDelay)
    }

    /// Fetches `request` through `fetcher`, pausing with `pause` between tries (`pause`
    /// returns `false` when cancelled, which ends the retries with `.failed(.cancelled)`).
    public func fetch(
        _ request: ResourceRequest, with fetcher: any ResourceFetching, pause: (Duration) -> Bool
    ) throws(ResourceFetchError) -> FetchedResource {
        var attempt = 1
        while true {
            do {
                return try fetcher.fetch(request)
            } catch {
                guard error.isTransient, attempt < attempts else { throw error }
                attempt += 1
                guard pause(delay(beforeAttempt: attempt)) else { throw .failed(.cancelled) }
            }
        }
    }
}
