public import Foundation

/// Why an asset could not be loaded. Each case is something a user or app tells apart:
/// a missing file is not a network outage, and neither is a format Spool cannot play.
public enum AssetLoadError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    /// The media was read but has nothing Spool can play (no audio or video track).
    case notPlayable
    /// The file or resource does not exist (missing file, HTTP 404/410).
    case notFound(URL)
    /// The server answered with an HTTP error status.
    case httpStatus(Int, URL)
    /// The network failed (refused, reset, timed out). The message says which.
    case network(String)
    /// The container or codec is not supported. The message names it.
    case unsupportedFormat(String)
    /// The data is corrupt or truncated beyond what the demuxer can read.
    case corruptData(String)
    /// The load was cancelled (superseded by a newer load, or `cancelLoading()`).
    case cancelled

    /// A one-line message fit for a status line or a CLI's stderr.
    public var description: String {
        switch self {
        case .notPlayable: "not playable: no audio or video track"
        case .notFound(let url): "not found: \(url.redactedForDisplay)"
        case .httpStatus(let code, let url): "HTTP \(code) from \(url.redactedForDisplay)"
        case .network(let message): "network error: \(message)"
        case .unsupportedFormat(let message): "unsupported format: \(message)"
        case .corruptData(let message): "corrupt data: \(message)"
        case .cancelled: "cancelled"
        }
    }

    /// The same one-line message, for `localizedDescription`.
    public var errorDescription: String? { description }
}

extension AssetLoadError {
    /// Maps a byte-source failure to the load error a user should see.
    public init(_ error: ByteSourceError) {
        switch error {
        case .notFound(let url): self = .notFound(url)
        case .httpStatus(let code, let url): self = .httpStatus(code, url)
        case .network(let message, _): self = .network(message)
        case .io(let message, let url): self = .corruptData("\(url.redactedForDisplay): \(message)")
        case .notSeekable(let url): self = .unsupportedFormat("needs seeking: \(url.redactedForDisplay)")
        case .unsupportedScheme(let url): self = .unsupportedFormat("URL scheme of \(url.redactedForDisplay)")
        case .cancelled: self = .cancelled
        }
    }
}
