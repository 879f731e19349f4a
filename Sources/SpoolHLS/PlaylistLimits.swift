/// Bounds on what a playlist may make the parser hold: a remote playlist is untrusted input, so
/// every count and size the parser stores is capped, and exceeding a cap is an error rather
/// than unbounded memory or time.
///
/// The defaults are far above anything a real service publishes (a 24-hour VOD playlist of
/// 4-second segments has 21,600 segments and about 2 MiB of text).
public struct PlaylistLimits: Sendable, Equatable {
    /// The largest playlist accepted, in bytes (UTF-8). Default 16 MiB.
    public var maxBytes: Int
    /// The longest line accepted, in bytes, before trimming. Default 1 MiB.
    public var maxLineLength: Int
    /// The longest attribute value, URI line or title accepted, in bytes, after variable
    /// substitution. Default 64 KiB.
    public var maxAttributeLength: Int
    /// The most media segments plus partial segments in a media playlist. Default 200,000.
    public var maxSegments: Int
    /// The most variant streams, and separately the most I-frame streams and renditions, in a
    /// multivariant playlist. Default 1,000.
    public var maxVariants: Int
    /// The most entries of each other kind a playlist may hold: date ranges, session data,
    /// session keys, variable definitions, preload hints, rendition reports. Default 10,000.
    public var maxMetadataEntries: Int

    /// Limits with explicit values; every parameter defaults to the documented default.
    public init(
        maxBytes: Int = 16 << 20,
        maxLineLength: Int = 1 << 20,
        maxAttributeLength: Int = 64 << 10,
        maxSegments: Int = 200_000,
        maxVariants: Int = 1_000,
        maxMetadataEntries: Int = 10_000
    ) {
        self.maxBytes = maxBytes
        self.maxLineLength = maxLineLength
        self.maxAttributeLength = maxAttributeLength
        self.maxSegments = maxSegments
        self.maxVariants = maxVariants
        self.maxMetadataEntries = maxMetadataEntries
    }

    /// The defaults: 16 MiB, 1 MiB lines, 64 KiB values, 200,000 segments, 1,000 variants,
    /// 10,000 metadata entries.
    public static let `default` = PlaylistLimits()

    /// Which limit a playlist exceeded, with the limit's value.
    public enum Limit: Sendable, Equatable, CustomStringConvertible {
        /// The playlist is larger than `maxBytes`.
        case bytes(Int)
        /// Variable substitution would grow the playlist by more than `maxBytes`.
        case substitutedBytes(Int)
        /// A line is longer than `maxLineLength`.
        case lineLength(Int)
        /// A value is longer than `maxAttributeLength`.
        case attributeLength(Int)
        /// More than `maxSegments` segments and partial segments.
        case segments(Int)
        /// More than `maxVariants` variants, I-frame variants or renditions.
        case variants(Int)
        /// More than `maxMetadataEntries` entries of one kind.
        case metadataEntries(Int)

        /// "more than 16777216 bytes" and the like.
        public var description: String {
            switch self {
            case .bytes(let limit): "playlist larger than \(limit) bytes"
            case .substitutedBytes(let limit): "variable substitution adds more than \(limit) bytes"
            case .lineLength(let limit): "line longer than \(limit) bytes"
            case .attributeLength(let limit): "value longer than \(limit) bytes"
            case .segments(let limit): "more than \(limit) segments"
            case .variants(let limit): "more than \(limit) variants or renditions"
            case .metadataEntries(let limit): "more than \(limit) entries of one kind"
            }
        }
    }
}
