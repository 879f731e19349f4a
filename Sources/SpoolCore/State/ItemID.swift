/// Identifies one playable item (an episode, a track) across every event about it.
///
/// Every state change, load result and observer event carries the `ItemID` of the item it
/// belongs to, so a late event from a superseded item can be recognised and dropped.
public struct ItemID: Hashable, Sendable, Codable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The application's identifier for the item (an episode ID, a URL, a UUID).
    public let rawValue: String

    /// Creates an identifier from the application's own string.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Creates an identifier from a string literal.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// The raw identifier, unchanged.
    public var description: String { rawValue }

    /// Encodes as a bare string, so JSON payloads read `"ep1"`, not `{"rawValue":"ep1"}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// Decodes from a bare string.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }
}
