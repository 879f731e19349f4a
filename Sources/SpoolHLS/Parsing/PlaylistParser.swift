import Foundation
import SpoolCore

/// Parses one playlist in a single pass over its bytes.
///
/// Lines are byte ranges into the text; tags dispatch on their name. The first tag that only a
/// media playlist or only a multivariant playlist may contain fixes the playlist's kind, and a
/// tag of the other kind afterwards is an error. Tags that apply to the next segment or variant
/// are held until its URI line. Unknown tags and comments are ignored.
struct PlaylistParser {
    enum Kind { case media, multivariant }

    let bytes: [UInt8]
    let url: URL
    let limits: PlaylistLimits
    let policy: URIPolicy
    /// Whether the policy allows the playlist's own scheme, which plain relative URIs inherit.
    let isBaseSchemeAllowed: Bool
    var resolver: URIResolver
    var variables: VariableTable
    var kind: Kind?
    /// The current line's number and where it starts in `bytes`.
    var line = 0
    var lineStart = 0
    var version: Int?
    var hasIndependentSegments = false
    var start: StartPoint?
    var media: MediaPlaylistBuilder
    var multivariant = MultivariantBuilder()

    init(bytes: [UInt8], url: URL, importedDefinitions: [String: String]?, limits: PlaylistLimits) {
        self.bytes = bytes
        self.url = url
        self.limits = limits
        policy = URIPolicy(playlistURL: url)
        isBaseSchemeAllowed = policy.allows(url)
        resolver = URIResolver(base: url)
        variables = VariableTable(url: url, importable: importedDefinitions, limits: limits)
        media = MediaPlaylistBuilder(limits: limits)
    }

    mutating func parse() throws(PlaylistParseError) -> Playlist {
        var lines = PlaylistLines(bytes: bytes, maxLineLength: limits.maxLineLength)
        guard let header = try lines.next(), bytes[header].elementsEqual("#EXTM3U".utf8) else {
            throw PlaylistParseError(line: 1, problem: .missingHeader)
        }
        while let range = try lines.next() {
            guard !range.isEmpty else { continue }
            line = lines.number
            lineStart = lines.start
            if bytes[range.lowerBound] != UInt8(ascii: "#") {
                try handleURILine(range)
            } else if range.count > 4, bytes[range.lowerBound + 1] == UInt8(ascii: "E"),
                bytes[range.lowerBound + 2] == UInt8(ascii: "X"), bytes[range.lowerBound + 3] == UInt8(ascii: "T")
            {
                try handleTag(range)
            }
        }
        switch kind {
        case .multivariant:
            return .multivariant(try finishMultivariant())
        case .media, nil:
            return .media(
                try media.build(
                    url: url, version: version, hasIndependentSegments: hasIndependentSegments, start: start))
        }
    }

    private mutating func handleTag(_ range: Range<Int>) throws(PlaylistParseError) {
        let bytes = self.bytes
        var colon = range.lowerBound + 1
        while colon < range.upperBound, bytes[colon] != UInt8(ascii: ":") { colon += 1 }
        let nameRange = (range.lowerBound + 1)..<colon
        let value = min(colon + 1, range.upperBound)..<range.upperBound
        // The tags on every segment skip the name's string and set lookup.
        if kind == .media, let tag = Self.segmentTag(bytes, nameRange) {
            return try handleMediaTag(tag, value)
        }
        let name = String(decoding: bytes[nameRange], as: UTF8.self)
        switch name {
        case "EXT-X-VERSION":
            version = try tagValue(name, value, .decimalInteger) { ValueParser.decimalInteger($0) }
        case "EXT-X-INDEPENDENT-SEGMENTS":
            hasIndependentSegments = true
        case "EXT-X-START":
            let list = try attributes(name, value)
            let offset = try list.required(list.time("TIME-OFFSET", signed: true), "TIME-OFFSET")
            start = StartPoint(timeOffset: offset, isPrecise: try list.flag("PRECISE") ?? false)
        case "EXT-X-DEFINE":
            try handleDefine(value)
        default:
            if Self.mediaTags.contains(name) {
                try requireKind(.media, name)
                try handleMediaTag(name, value)
            } else if Self.multivariantTags.contains(name) {
                try requireKind(.multivariant, name)
                try handleMultivariantTag(name, value)
            }
        }
    }

    private static let segmentTags = ["EXTINF", "EXT-X-PROGRAM-DATE-TIME", "EXT-X-BYTERANGE"].map { Array($0.utf8) }

    /// "EXTINF", "EXT-X-PROGRAM-DATE-TIME" or "EXT-X-BYTERANGE" when `bytes[name]` is one of them.
    private static func segmentTag(_ bytes: [UInt8], _ name: Range<Int>) -> String? {
        for tag in segmentTags where tag.count == name.count {
            var index = 0
            while index < tag.count, tag[index] == bytes[name.lowerBound + index] { index += 1 }
            if index == tag.count { return String(decoding: tag, as: UTF8.self) }
        }
        return nil
    }

    private mutating func handleURILine(_ range: Range<Int>) throws(PlaylistParseError) {
        switch kind {
        case .multivariant: try handleVariantURI(range)
        case .media, nil: try handleSegmentURI(range)
        }
    }

    private mutating func requireKind(_ required: Kind, _ tag: String) throws(PlaylistParseError) {
        if let kind, kind != required { throw failure(.mixedPlaylistTypes(tag: tag)) }
        kind = required
    }

    /// EXT-X-DEFINE: exactly one of NAME (with VALUE), IMPORT and QUERYPARAM.
    private mutating func handleDefine(_ value: Range<Int>) throws(PlaylistParseError) {
        let tag = "EXT-X-DEFINE"
        let list = try attributes(tag, value, substitutingVariables: false)
        let forms = ["NAME", "IMPORT", "QUERYPARAM"]
        var given: [(form: String, name: String)] = []
        for form in forms {
            if let name = try list.quotedString(form) { given.append((form, name)) }
        }
        guard given.count == 1, let (form, name) = given.first else {
            throw failure(.conflictingAttributes(tag: tag, attributes: forms))
        }
        guard VariableTable.isValidName(name) else {
            throw failure(
                .invalidAttributeValue(
                    tag: tag, attribute: form, expected: .format("a variable name of A-Z, a-z, 0-9, '-' and '_'"),
                    found: "\"\(name)\""))
        }
        switch form {
        case "NAME": try variables.define(name, as: list.required(list.quotedString("VALUE"), "VALUE"), line: line)
        case "IMPORT": try variables.defineImported(name, line: line)
        default: try variables.defineFromQuery(name, line: line)
        }
    }
}
