/// Why a playlist was rejected, and on which line.
///
/// Every rejection names the problem precisely; `line` is the 1-based line number (the BOM, if
/// any, is not a line) or `nil` for a problem of the playlist as a whole (too large, no
/// EXT-X-TARGETDURATION).
public struct PlaylistParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The 1-based line the problem was found on, or `nil` for the playlist as a whole.
    public let line: Int?
    /// What was wrong.
    public let problem: Problem

    /// An error for `problem` on `line`.
    public init(line: Int?, problem: Problem) {
        self.line = line
        self.problem = problem
    }

    /// "line 12: EXTINF has no URI line" or "playlist: …".
    public var description: String {
        let place = line.map { "line \($0)" } ?? "playlist"
        return "\(place): \(problem)"
    }

    /// The problems a playlist can have.
    public enum Problem: Sendable, Equatable, CustomStringConvertible {
        /// The bytes are not UTF-8.
        case notUTF8
        /// The first line is not `#EXTM3U`.
        case missingHeader
        /// A size or count limit was exceeded.
        case limitExceeded(PlaylistLimits.Limit)
        /// A tag's attribute list is not syntactically valid.
        case attributeSyntax(tag: String, AttributeSyntaxError)
        /// A required attribute is absent.
        case missingAttribute(tag: String, attribute: String)
        /// An attribute's value is not of the kind the tag defines.
        case invalidAttributeValue(tag: String, attribute: String, expected: AttributeValueKind, found: String)
        /// Attributes that must not appear together (or of which exactly one must appear).
        case conflictingAttributes(tag: String, attributes: [String])
        /// A tag's value (not an attribute list) is malformed.
        case invalidTagValue(tag: String, expected: AttributeValueKind, found: String)
        /// A duration is negative.
        case negativeDuration(tag: String)
        /// A tag that must appear before the first segment appears after one.
        case tagAfterFirstSegment(tag: String)
        /// A segment or variant tag whose URI line never came.
        case missingURI(tag: String)
        /// A URI line with no EXTINF or EXT-X-STREAM-INF before it.
        case unexpectedURI(String)
        /// A URI that cannot be parsed.
        case invalidURI(String)
        /// A URI with a scheme the URI policy refuses (a `file:` URI in a remote playlist).
        case disallowedScheme(String)
        /// A media playlist tag in a multivariant playlist or the other way round.
        case mixedPlaylistTypes(tag: String)
        /// A media playlist without EXT-X-TARGETDURATION.
        case missingTargetDuration
        /// A byte range without an offset whose previous segment is not a sub-range of the
        /// same resource.
        case byteRangeWithoutPrevious(tag: String)
        /// `{$name}` where `name` was never defined by EXT-X-DEFINE.
        case undefinedVariable(String)
        /// A variable defined twice.
        case duplicateVariable(String)
        /// EXT-X-DEFINE QUERYPARAM naming a parameter the playlist URL does not have.
        case missingQueryParameter(String)
        /// EXT-X-DEFINE IMPORT naming a variable the multivariant playlist did not define
        /// (or a playlist parsed without its multivariant playlist's definitions).
        case undefinedImport(String)

        /// One line describing the problem.
        public var description: String {
            switch self {
            case .notUTF8: "not UTF-8"
            case .missingHeader: "does not start with #EXTM3U"
            case .limitExceeded(let limit): "limit exceeded: \(limit)"
            case .attributeSyntax(let tag, let error): "\(tag): \(error)"
            case .missingAttribute(let tag, let attribute): "\(tag) lacks the required \(attribute) attribute"
            case .invalidAttributeValue(let tag, let attribute, let expected, let found):
                "\(tag) \(attribute)=\(Self.excerpt(found)): expected \(expected)"
            case .conflictingAttributes(let tag, let attributes):
                "\(tag) needs exactly one of " + attributes.joined(separator: ", ")
            case .invalidTagValue(let tag, let expected, let found):
                "\(tag):\(Self.excerpt(found)): expected \(expected)"
            case .negativeDuration(let tag): "\(tag) duration is negative"
            case .tagAfterFirstSegment(let tag): "\(tag) must appear before the first media segment"
            case .missingURI(let tag): "\(tag) is not followed by a URI line"
            case .unexpectedURI(let uri): "URI line \(Self.excerpt(uri)) follows no EXTINF or EXT-X-STREAM-INF"
            case .invalidURI(let uri): "invalid URI \(Self.excerpt(uri))"
            case .disallowedScheme(let uri): "URI \(Self.excerpt(uri)) has a scheme this playlist may not use"
            case .mixedPlaylistTypes(let tag): "\(tag) mixes media and multivariant playlist tags"
            case .missingTargetDuration: "media playlist lacks EXT-X-TARGETDURATION"
            case .byteRangeWithoutPrevious(let tag):
                "\(tag) has no offset and does not follow a sub-range of the same resource"
            case .undefinedVariable(let name): "variable {$\(name)} is not defined"
            case .duplicateVariable(let name): "variable \(name) is defined twice"
            case .missingQueryParameter(let name): "the playlist URL has no query parameter \(name)"
            case .undefinedImport(let name): "IMPORT of \(name): the multivariant playlist does not define it"
            }
        }

        /// The value quoted, shortened to 60 characters so a message stays one short line.
        static func excerpt(_ value: String) -> String {
            let short = value.count > 60 ? value.prefix(57) + "..." : Substring(value)
            return "\"" + short.filter { !$0.isNewline } + "\""
        }
    }
}
