import SpoolCore

/// Bounds on what a manifest may make the MPD parser hold: an MPD fetched from the network is
/// untrusted input, so every size, depth and count the parser stores is capped, and exceeding
/// a cap is an error (`MPDParseError.Problem.limitExceeded`) rather than unbounded memory or time.
///
/// The byte, value and segment bounds default to the HLS playlist parser's (`PlaylistLimits`),
/// so both manifest front ends accept the same amount of text and segments.
public struct MPDLimits: Sendable, Equatable {
    /// The largest MPD accepted, in bytes (UTF-8). Default `PlaylistLimits.default.maxBytes`.
    public var maxBytes: Int
    /// The deepest element nesting accepted (the MPD element is depth 1). Default 32; a real
    /// MPD nests at most about 7 deep.
    public var maxDepth: Int
    /// The most elements in the document. Default 400,000.
    public var maxElements: Int
    /// The longest attribute value or element text, in bytes. Default
    /// `PlaylistLimits.default.maxAttributeLength`.
    public var maxValueLength: Int
    /// The most attributes on one element. Default 64.
    public var maxAttributesPerElement: Int
    /// The most segments one expansion of a representation may list. Default
    /// `PlaylistLimits.default.maxSegments`.
    public var maxSegments: Int

    /// Limits with explicit values; every parameter defaults to the documented default.
    public init(
        maxBytes: Int = PlaylistLimits.default.maxBytes,
        maxDepth: Int = 32,
        maxElements: Int = 400_000,
        maxValueLength: Int = PlaylistLimits.default.maxAttributeLength,
        maxAttributesPerElement: Int = 64,
        maxSegments: Int = PlaylistLimits.default.maxSegments
    ) {
        self.maxBytes = maxBytes
        self.maxDepth = maxDepth
        self.maxElements = maxElements
        self.maxValueLength = maxValueLength
        self.maxAttributesPerElement = maxAttributesPerElement
        self.maxSegments = maxSegments
    }

    /// The defaults.
    public static let `default` = MPDLimits()

    /// Which limit an MPD exceeded, with the limit's value.
    public enum Limit: Sendable, Equatable, CustomStringConvertible {
        /// The document is larger than `maxBytes`.
        case bytes(Int)
        /// Elements nest deeper than `maxDepth`.
        case depth(Int)
        /// More than `maxElements` elements.
        case elements(Int)
        /// A value or text longer than `maxValueLength`.
        case valueLength(Int)
        /// More than `maxAttributesPerElement` attributes on one element.
        case attributes(Int)
        /// An expansion would list more than `maxSegments` segments.
        case segments(Int)

        /// "MPD larger than 16777216 bytes" and the like.
        public var description: String {
            switch self {
            case .bytes(let limit): "MPD larger than \(limit) bytes"
            case .depth(let limit): "elements nested deeper than \(limit)"
            case .elements(let limit): "more than \(limit) elements"
            case .valueLength(let limit): "value longer than \(limit) bytes"
            case .attributes(let limit): "more than \(limit) attributes on one element"
            case .segments(let limit): "more than \(limit) segments"
            }
        }
    }
}

extension MPDLimits {
    /// The tokenizer's share of these limits.
    var xml: XMLLimits {
        XMLLimits(
            maxDepth: maxDepth, maxElements: maxElements, maxValueLength: maxValueLength,
            maxAttributesPerElement: maxAttributesPerElement)
    }
}
