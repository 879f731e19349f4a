import SpoolCore

/// Why an MPD was rejected, or why a representation's segments could not be listed.
///
/// Every rejection names the problem precisely; `element` is the path of the element it was
/// found in (`MPD/Period[0]/AdaptationSet[1]/Representation[2]`, indices 0-based among
/// siblings of that name), or `nil` for the document as a whole.
public struct MPDParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Where the problem is, or `nil` for the document as a whole.
    public let element: String?
    /// What was wrong.
    public let problem: Problem

    /// An error for `problem` in `element`.
    public init(element: String?, problem: Problem) {
        self.element = element
        self.problem = problem
    }

    /// "MPD/Period[0]: Period start is not an ISO 8601 duration" or "MPD: …".
    public var description: String { "\(element ?? "document"): \(problem)" }

    /// The problems an MPD can have.
    public enum Problem: Sendable, Equatable, CustomStringConvertible {
        /// The bytes are not UTF-8.
        case notUTF8
        /// A size, depth or count limit was exceeded.
        case limitExceeded(MPDLimits.Limit)
        /// The XML is not well formed; `offset` is the byte offset where it went wrong.
        case xmlSyntax(offset: Int, String)
        /// A document type declaration (`<!DOCTYPE`, `<!ENTITY`): never accepted, so no
        /// external entity is read and no entity expands.
        case documentTypeDeclaration
        /// An entity reference other than the five XML predefines and character references.
        case undefinedEntity(String)
        /// The root element is not `MPD`.
        case notMPD(String)
        /// A required attribute is absent.
        case missingAttribute(String)
        /// An attribute's value is not of the kind the schema defines.
        case invalidValue(attribute: String, expected: String, found: String)
        /// A URI that cannot be parsed.
        case invalidURI(String)
        /// A URI with a scheme the URI policy refuses (`file:` in a remote MPD, `ftp:`, `data:`).
        case disallowedScheme(String)
        /// A segment template that is not well formed (unknown identifier, unclosed `$`).
        case invalidTemplate(String)
        /// A segment number or time that does not fit in 64 bits.
        case arithmeticOverflow(String)
        /// The segments cannot be listed without a time window (a live MPD, or an open `r="-1"`).
        case unboundedSegments
        /// The representation has no way of addressing segments (no template, list, base or BaseURL).
        case noSegmentInformation

        /// One line describing the problem.
        public var description: String {
            let excerpt = PlaylistParseError.Problem.excerpt
            return switch self {
            case .notUTF8: "not UTF-8"
            case .limitExceeded(let limit): "limit exceeded: \(limit)"
            case .xmlSyntax(let offset, let what): "XML syntax error at byte \(offset): \(what)"
            case .documentTypeDeclaration: "document type declarations (DOCTYPE, ENTITY) are not accepted"
            case .undefinedEntity(let name): "undefined entity &\(excerpt(name));"
            case .notMPD(let name): "root element is \(excerpt(name)), not MPD"
            case .missingAttribute(let name): "lacks the required \(name) attribute"
            case .invalidValue(let attribute, let expected, let found):
                "\(attribute)=\(excerpt(found)): expected \(expected)"
            case .invalidURI(let uri): "invalid URI \(excerpt(uri))"
            case .disallowedScheme(let uri): "URI \(excerpt(uri)) has a scheme this MPD may not use"
            case .invalidTemplate(let template): "invalid segment template \(excerpt(template))"
            case .arithmeticOverflow(let what): "\(what) does not fit in 64 bits"
            case .unboundedSegments: "segments are unbounded: a time window is needed"
            case .noSegmentInformation: "no SegmentTemplate, SegmentList, SegmentBase or BaseURL"
            }
        }
    }
}

extension MPDParseError.Problem {
    /// The MPD problem a tokenizer error is.
    init(_ error: XMLParseError) {
        switch error {
        case .syntax(let offset, let what): self = .xmlSyntax(offset: offset, what)
        case .documentTypeDeclaration: self = .documentTypeDeclaration
        case .undefinedEntity(let name): self = .undefinedEntity(name)
        case .limitExceeded(.depth(let limit)): self = .limitExceeded(.depth(limit))
        case .limitExceeded(.elements(let limit)): self = .limitExceeded(.elements(limit))
        case .limitExceeded(.valueLength(let limit)): self = .limitExceeded(.valueLength(limit))
        case .limitExceeded(.attributes(let limit)): self = .limitExceeded(.attributes(limit))
        }
    }
}
