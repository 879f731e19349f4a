import SpoolCore

/// Bounds on a device description, which comes from any device on the link: size, nesting,
/// element count and value lengths are capped, and exceeding one rejects the description.
public struct DeviceDescriptionLimits: Sendable, Equatable {
    /// The largest description accepted, in bytes. Default 131,072 (gmediarender's is about
    /// 2 KB; the largest TV descriptions seen in the wild are tens of KB).
    public var maxBytes: Int
    /// The deepest element nesting. Default 16 (a root device with embedded devices nests 8).
    public var maxDepth: Int
    /// The most elements. Default 4,096.
    public var maxElements: Int
    /// The longest value or text, in bytes. Default 2,048.
    public var maxValueLength: Int

    /// Limits with explicit values; every parameter defaults to the documented default.
    public init(maxBytes: Int = 131_072, maxDepth: Int = 16, maxElements: Int = 4_096, maxValueLength: Int = 2_048) {
        self.maxBytes = maxBytes
        self.maxDepth = maxDepth
        self.maxElements = maxElements
        self.maxValueLength = maxValueLength
    }

    /// The defaults.
    public static let `default` = DeviceDescriptionLimits()

    var xml: XMLLimits {
        XMLLimits(
            maxDepth: maxDepth, maxElements: maxElements, maxValueLength: maxValueLength, maxAttributesPerElement: 32)
    }
}
