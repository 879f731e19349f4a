public import Foundation
public import SpoolCore

/// Why a segment's key could not be obtained. Each case is something a user or an
/// integrator acts on differently.
public enum ContentKeyError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Fetching the key failed (not found, HTTP error, network, cancelled).
    case fetchFailed(ByteSourceError)
    /// The key at the URL was not 16 bytes (the count it had; 17 means "more than 16").
    case badKeyLength(Int, URL)
    /// The encryption is one Spool cannot decrypt, e.g. "SAMPLE-AES": the stream needs a
    /// player with that DRM; the text names the method (and key format).
    case unsupportedMethod(String)
    /// The key was refused: by the URI policy (a remote playlist pointing at a local file)
    /// or by an entitlement check; the text says which.
    case denied(String)

    /// A one-line message naming the cause.
    public var description: String {
        switch self {
        case .fetchFailed(let error): "cannot fetch the decryption key: \(error)"
        case .badKeyLength(let count, let url):
            "the decryption key at \(url.redactedForDisplay) is \(count == 17 ? "longer than 16" : "\(count)") bytes; AES-128 needs 16"
        case .unsupportedMethod(let method):
            "unsupported encryption \(method): only METHOD=AES-128 with identity keys can be played"
        case .denied(let reason): "decryption key refused: \(reason)"
        }
    }
}
