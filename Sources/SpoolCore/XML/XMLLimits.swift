/// Bounds on what `XMLTokenizer` may hold while it reads an untrusted document: exceeding one
/// is an error (`XMLParseError.limitExceeded`), never unbounded memory or time. Each format
/// that reads XML (MPDs, UPnP descriptions) chooses its own values and checks the document's
/// byte size itself, before tokenizing.
package struct XMLLimits: Sendable, Equatable {
    /// The deepest element nesting accepted (the root is depth 1).
    package var maxDepth: Int
    /// The most elements in the document.
    package var maxElements: Int
    /// The longest attribute value or element text, in bytes.
    package var maxValueLength: Int
    /// The most attributes on one element.
    package var maxAttributesPerElement: Int

    /// Limits with the given values.
    package init(maxDepth: Int, maxElements: Int, maxValueLength: Int, maxAttributesPerElement: Int) {
        self.maxDepth = maxDepth
        self.maxElements = maxElements
        self.maxValueLength = maxValueLength
        self.maxAttributesPerElement = maxAttributesPerElement
    }

    /// Which limit a document exceeded, with the limit's value.
    package enum Limit: Sendable, Equatable {
        /// Elements nest deeper than `maxDepth`.
        case depth(Int)
        /// More than `maxElements` elements.
        case elements(Int)
        /// A value, text or name longer than the limit.
        case valueLength(Int)
        /// More than `maxAttributesPerElement` attributes on one element.
        case attributes(Int)
    }
}
