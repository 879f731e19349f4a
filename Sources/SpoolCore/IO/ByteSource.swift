public import Foundation

/// A blocking source of media bytes: the one path by which bytes reach the demuxer.
///
/// A byte source is used from one pipeline thread at a time (open, read, seek, close are
/// blocking calls made on the demux thread, never on the cooperative pool), except
/// `cancel()`, which any thread may call at any time: it makes a blocked call return
/// `ByteSourceError.cancelled` promptly and stops any network transfer, so no bytes of a
/// superseded item keep downloading.
public protocol ByteSource: AnyObject, Sendable {
    /// The location the bytes come from, for error messages and logs.
    var url: URL { get }

    /// Connects or opens the file. Must be called once before `read`.
    func open() throws(ByteSourceError)

    /// The total length in bytes, when the source knows it (after `open`).
    var length: Int64? { get }

    /// Whether `seek(to:)` can move the read position (after `open`).
    var isSeekable: Bool { get }

    /// Reads up to `maxLength` bytes at the current position. An empty result means
    /// end of stream; a short result is not end of stream.
    func read(upTo maxLength: Int) throws(ByteSourceError) -> Data

    /// Moves the read position to `offset` bytes from the start.
    func seek(to offset: Int64) throws(ByteSourceError)

    /// Aborts the source from any thread: blocked and later calls throw `.cancelled`.
    /// Idempotent.
    func cancel()

    /// Releases the file or connection. Idempotent; the source cannot be reopened.
    func close()

    /// Bytes delivered by `read` so far (for the access log's bytes transferred).
    var bytesTransferred: Int64 { get }
}

/// Why a byte source failed. Each case is a distinct thing a user may need to act on.
public enum ByteSourceError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file or resource does not exist (ENOENT, HTTP 404/410).
    case notFound(URL)
    /// The server answered with an HTTP error status other than not-found.
    case httpStatus(Int, URL)
    /// The network failed: refused, reset, timed out, DNS. The message says which.
    case network(String, URL)
    /// A local read failed (permissions, I/O error). The message says which.
    case io(String, URL)
    /// `seek(to:)` was called on a source that cannot seek.
    case notSeekable(URL)
    /// The URL's scheme is not one this source supports.
    case unsupportedScheme(URL)
    /// `cancel()` was called.
    case cancelled

    /// A one-line message naming the URL and the cause.
    public var description: String {
        switch self {
        case .notFound(let url): "not found: \(url.redactedForDisplay)"
        case .httpStatus(let code, let url): "HTTP \(code) from \(url.redactedForDisplay)"
        case .network(let message, let url): "network error for \(url.redactedForDisplay): \(message)"
        case .io(let message, let url): "cannot read \(url.redactedForDisplay): \(message)"
        case .notSeekable(let url): "cannot seek in \(url.redactedForDisplay)"
        case .unsupportedScheme(let url): "unsupported URL scheme: \(url.redactedForDisplay)"
        case .cancelled: "cancelled"
        }
    }
}

extension URL {
    /// The URL as shown to users: file URLs as their path, credentials removed.
    public var redactedForDisplay: String {
        if isFileURL { return path }
        guard var components = URLComponents(url: self, resolvingAgainstBaseURL: false) else {
            return absoluteString
        }
        components.user = nil
        components.password = nil
        return components.string ?? absoluteString
    }
}
