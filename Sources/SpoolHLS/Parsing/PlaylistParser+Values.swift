import Foundation
import SpoolCore

/// The parser's shared helpers: errors on the current line, attribute lists with variables
/// substituted and lengths checked, tag values, URIs resolved and checked against the policy.
extension PlaylistParser {
    /// An error on the current line.
    func failure(_ problem: PlaylistParseError.Problem) -> PlaylistParseError {
        PlaylistParseError(line: line, problem: problem)
    }

    /// The attribute list in `bytes[value]`, its quoted-strings with variables substituted
    /// (except in EXT-X-DEFINE itself), every value at most `maxAttributeLength` bytes.
    mutating func attributes(_ tag: String, _ value: Range<Int>, substitutingVariables: Bool = true)
        throws(PlaylistParseError) -> AttributeList
    {
        var list: AttributeList
        do {
            list = AttributeList(
                tag: tag, line: line, attributes: try AttributeLexer.lex(bytes, value, lineStart: lineStart))
        } catch {
            throw failure(.attributeSyntax(tag: tag, error))
        }
        for index in list.attributes.indices {
            if substitutingVariables && list.attributes[index].isQuoted {
                list.attributes[index].value = try variables.substitute(list.attributes[index].value, line: line)
            }
            try checkLength(list.attributes[index].value.utf8.count)
        }
        return list
    }

    /// A tag value (not an attribute list) run through `parse`, which returns `nil` when malformed.
    func tagValue<Value>(
        _ tag: String, _ value: Range<Int>, _ kind: AttributeValueKind, _ parse: (ArraySlice<UInt8>) -> Value?
    ) throws(PlaylistParseError) -> Value {
        guard let parsed = parse(bytes[value]) else {
            throw failure(
                .invalidTagValue(tag: tag, expected: kind, found: String(decoding: bytes[value], as: UTF8.self)))
        }
        return parsed
    }

    /// An error unless a value of `length` bytes is within `maxAttributeLength`.
    func checkLength(_ length: Int) throws(PlaylistParseError) {
        guard length <= limits.maxAttributeLength else {
            throw failure(.limitExceeded(.attributeLength(limits.maxAttributeLength)))
        }
    }

    /// An error unless a list that already holds `count` entries may take one more.
    func checkCount(_ count: Int, _ limit: Int, _ kind: (Int) -> PlaylistLimits.Limit) throws(PlaylistParseError) {
        guard count < limit else { throw failure(.limitExceeded(kind(limit))) }
    }

    /// The URI line in `bytes[range]`, variables substituted, resolved and checked.
    mutating func uriLine(_ range: Range<Int>) throws(PlaylistParseError) -> URL {
        let reference = try variables.substitute(bytes[range], line: line)
        try checkLength(reference.utf8.count)
        return try resolve(reference)
    }

    /// The URI attribute `name` resolved and checked; `nil` when absent. `checkingPolicy: false`
    /// is for opaque key URIs that the client never fetches itself.
    mutating func uriAttribute(_ list: AttributeList, _ name: String, checkingPolicy: Bool = true)
        throws(PlaylistParseError) -> URL?
    {
        guard let reference = try list.quotedString(name) else { return nil }
        return try resolve(reference, checkingPolicy: checkingPolicy)
    }

    /// `reference` resolved against the playlist URL and, unless told otherwise, allowed by the
    /// URI policy.
    mutating func resolve(_ reference: String, checkingPolicy: Bool = true) throws(PlaylistParseError) -> URL {
        guard let resolved = resolver.resolve(reference) else { throw failure(.invalidURI(reference)) }
        if checkingPolicy {
            let allowed = resolved.hasBaseScheme ? isBaseSchemeAllowed : policy.allows(resolved.url)
            guard allowed else { throw failure(.disallowedScheme(reference)) }
        }
        return resolved.url
    }
}
