/// A sub-range of a resource (EXT-X-BYTERANGE, BYTERANGE attributes), with its offset always
/// resolved: a range written without `@offset` starts where the previous one ended.
public struct ByteRange: Sendable, Hashable, CustomStringConvertible {
    /// The first byte's offset in the resource.
    public let offset: Int
    /// How many bytes.
    public let length: Int

    /// The range `offset..<offset + length`.
    public init(offset: Int, length: Int) {
        self.offset = offset
        self.length = length
    }

    /// The byte offsets covered, as a half-open range (saturating at `Int.max`).
    public var range: Range<Int> {
        let (end, overflow) = offset.addingReportingOverflow(length)
        return offset..<(overflow ? Int.max : end)
    }

    /// `"length@offset"`, as a playlist writes it.
    public var description: String { "\(length)@\(offset)" }
}
