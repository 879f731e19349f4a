import SpoolCore

/// A failed fetch and, when the server refused it with `Retry-After`, the wait it asked for
/// before the same request: what `RetryingFetch` needs to pace its next try.
public struct ResourceFetchFailure: Error, Sendable, Equatable {
    /// Why the fetch failed.
    public var error: ResourceFetchError
    /// The server's `Retry-After` (delta-seconds), unbounded as sent; `nil` when it sent none.
    public var retryAfter: Duration?

    /// A failure; see the properties.
    public init(_ error: ResourceFetchError, retryAfter: Duration? = nil) {
        self.error = error
        self.retryAfter = retryAfter
    }
}

extension ResourceFetching {
    /// `fetch(_:)`, for fetchers that cannot see response heads: no failure carries a
    /// `Retry-After`.
    public func fetchWithRetryAdvice(_ request: ResourceRequest) throws(ResourceFetchFailure) -> FetchedResource {
        do {
            return try fetch(request)
        } catch {
            throw ResourceFetchFailure(error)
        }
    }
}
