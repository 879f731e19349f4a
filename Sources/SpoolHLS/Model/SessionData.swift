public import Foundation

/// EXT-X-SESSION-DATA: arbitrary session metadata in a multivariant playlist.
public struct SessionData: Sendable, Equatable {
    /// FORMAT of the data at `uri`.
    public enum Format: String, Sendable, CaseIterable {
        /// JSON (the default).
        case json = "JSON"
        /// Raw bytes.
        case raw = "RAW"
    }

    /// DATA-ID, conventionally reverse-DNS (`com.example.title`).
    public let id: String
    /// VALUE; exactly one of `value` and `uri` is present.
    public let value: String?
    /// URI, absolute and allowed by the URI policy.
    public let uri: URL?
    /// FORMAT, JSON when absent.
    public let format: Format
    /// LANGUAGE.
    public let language: String?
}

/// EXT-X-CONTENT-STEERING: the steering server that chooses between pathways (CDNs).
public struct ContentSteering: Sendable, Equatable {
    /// SERVER-URI, absolute and allowed by the URI policy.
    public let serverURI: URL
    /// PATHWAY-ID: the pathway to start with.
    public let pathwayID: String?
}
