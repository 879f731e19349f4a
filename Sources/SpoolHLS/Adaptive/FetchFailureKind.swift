public import SpoolCore

/// What kind of failure a segment or playlist download met, as far as retrying is concerned.
public enum FetchFailureKind: Sendable, Equatable {
    /// No response in time.
    case timeout
    /// An HTTP status of 500 or more.
    case serverError(status: Int)
    /// HTTP 429: the server asks to slow down.
    case tooManyRequests
    /// HTTP 404 or 410.
    case notFound
    /// Another HTTP status of 400 to 499 (forbidden, bad request…).
    case clientError(status: Int)
    /// The connection failed or broke (refused, reset, DNS, TLS).
    case network
    /// Anything else (an undecodable response, a local error).
    case other

    /// The kind of `error`. `ByteSourceError` does not tell timeouts apart from other
    /// transport failures, so both are `.network`, which retries the same way.
    public init(_ error: ByteSourceError) {
        switch error {
        case .notFound: self = .notFound
        case .httpStatus(let status, _): self = Self(httpStatus: status)
        case .network: self = .network
        case .io, .notSeekable, .unsupportedScheme, .cancelled: self = .other
        }
    }

    /// The kind for an HTTP status that is not a success.
    public init(httpStatus status: Int) {
        switch status {
        case 404, 410: self = .notFound
        case 408: self = .timeout
        case 429: self = .tooManyRequests
        case 500...: self = .serverError(status: status)
        case 400..<500: self = .clientError(status: status)
        default: self = .other
        }
    }

    /// Whether trying the same request again may succeed: timeouts, 5xx, 429 and network
    /// failures are transient; a missing or forbidden resource stays so.
    public var isRetryable: Bool {
        switch self {
        case .timeout, .serverError, .tooManyRequests, .network: true
        case .notFound, .clientError, .other: false
        }
    }
}
