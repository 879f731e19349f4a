public import Foundation
public import SpoolCore

/// One resource to fetch whole: a playlist, a key, an init section or a media segment.
public struct ResourceRequest: Sendable {
    /// Where it is.
    public var url: URL
    /// The part of the resource to fetch; `nil` for all of it.
    public var byteRange: ByteRange?
    /// The most bytes accepted: a larger answer fails with `.tooLarge` (untrusted servers).
    public var maxBytes: Int
    /// Called as bytes arrive with the total so far and the time since the request was
    /// sent; returning `false` abandons the download (`ResourceFetchError.abandoned`).
    public var onProgress: (@Sendable (_ bytes: Int, _ elapsed: Duration) -> Bool)?

    /// A request for `url` (or `byteRange` of it), bounded by `maxBytes`.
    public init(
        url: URL, byteRange: ByteRange? = nil, maxBytes: Int,
        onProgress: (@Sendable (_ bytes: Int, _ elapsed: Duration) -> Bool)? = nil
    ) {
        self.url = url
        self.byteRange = byteRange
        self.maxBytes = maxBytes
        self.onProgress = onProgress
    }
}

/// A fetched resource and how long its transfer took.
public struct FetchedResource: Sendable {
    /// The bytes.
    public let data: Data
    /// From sending the request to the last byte: what the throughput estimate divides by.
    public let transferDuration: Duration
    /// From sending the request to the first byte (latency), when known.
    public let timeToFirstByte: Duration?

    /// A fetched resource.
    public init(data: Data, transferDuration: Duration, timeToFirstByte: Duration?) {
        self.data = data
        self.transferDuration = transferDuration
        self.timeToFirstByte = timeToFirstByte
    }
}

/// Why a fetch failed.
public enum ResourceFetchError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The transfer failed or was cancelled; the byte-source error says how and names the URL.
    case failed(ByteSourceError)
    /// The answer was larger than the request allowed.
    case tooLarge(limit: Int, URL)
    /// The progress handler abandoned the download.
    case abandoned(URL)

    /// A one-line message naming the URL and the cause.
    public var description: String {
        switch self {
        case .failed(let error): error.description
        case .tooLarge(let limit, let url): "\(url.redactedForDisplay) is larger than \(limit) bytes"
        case .abandoned(let url): "abandoned the download of \(url.redactedForDisplay)"
        }
    }

    /// Whether the transfer failed below HTTP (no answer: refused, reset, timed out, no
    /// route): what a machine that lost its network sees.
    public var isBelowHTTP: Bool {
        guard case .failed(let error) = self, case .network = error else { return false }
        return true
    }

    /// Whether trying again may help: time-outs, network errors and 5xx answers (as
    /// `FetchFailureKind` classifies them).
    public var isTransient: Bool {
        guard case .failed(let error) = self else { return false }
        return FetchFailureKind(error).isRetryable
    }
}

/// Fetches whole resources, blocking the calling thread (a download thread, never the
/// cooperative pool). Implementations must be safe to call from several threads at once and
/// must make every blocked call return `.failed(.cancelled)` promptly once `cancel()` ran.
public protocol ResourceFetching: Sendable {
    /// Fetches `request`. Blocks until done, failed, abandoned or cancelled.
    func fetch(_ request: ResourceRequest) throws(ResourceFetchError) -> FetchedResource
    /// `fetch(_:)`, with the server's `Retry-After` on a refusal that carried one (the
    /// default implementation reports none).
    func fetchWithRetryAdvice(_ request: ResourceRequest) throws(ResourceFetchFailure) -> FetchedResource
    /// Cancels every fetch in flight and every later one. Idempotent; any thread.
    func cancel()
}
