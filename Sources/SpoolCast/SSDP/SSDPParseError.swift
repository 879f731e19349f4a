/// Why an SSDP datagram was rejected: each case names the problem in words a log reader can
/// act on, with the offending text cut short (`description`).
public enum SSDPParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Larger than `SSDPLimits.maxBytes`.
    case tooLarge(limit: Int)
    /// A line longer than `SSDPLimits.maxLineLength`.
    case lineTooLong(limit: Int)
    /// More header fields than `SSDPLimits.maxHeaders`.
    case tooManyHeaders(limit: Int)
    /// Bytes that are not UTF-8, or a control character inside a line.
    case notText
    /// The start line is none of `NOTIFY * HTTP/1.1`, `M-SEARCH * HTTP/1.1`, `HTTP/1.1 200 OK`.
    case unknownStartLine(String)
    /// A header line without a colon, or with a name that is not an HTTP token.
    case malformedHeader(String)
    /// A field the message needs appears twice (which one counts would be a guess).
    case duplicateHeader(String)
    /// A field the message needs is absent.
    case missingHeader(String)
    /// The USN does not start with a `uuid:` device name.
    case invalidUSN(String)
    /// CACHE-CONTROL has no `max-age` of 1 to 86,400 seconds.
    case invalidMaxAge(String)
    /// LOCATION is not an absolute `http` URL.
    case invalidLocation(String)
    /// LOCATION names a host other than the one the datagram came from: following it would
    /// let anyone on the link point spool at any server.
    case locationElsewhere(location: String, source: String)

    /// One line describing the problem.
    public var description: String {
        switch self {
        case .tooLarge(let limit): "SSDP message larger than \(limit) bytes"
        case .lineTooLong(let limit): "SSDP line longer than \(limit) bytes"
        case .tooManyHeaders(let limit): "SSDP message with more than \(limit) header fields"
        case .notText: "SSDP message is not UTF-8 text"
        case .unknownStartLine(let line): "not an SSDP message (start line \(Self.excerpt(line)))"
        case .malformedHeader(let line): "malformed SSDP header line \(Self.excerpt(line))"
        case .duplicateHeader(let name): "SSDP header \(name) appears twice"
        case .missingHeader(let name): "SSDP message lacks the \(name) header"
        case .invalidUSN(let usn): "USN \(Self.excerpt(usn)) does not name a uuid: device"
        case .invalidMaxAge(let value): "CACHE-CONTROL \(Self.excerpt(value)) has no max-age of 1 to 86400 s"
        case .invalidLocation(let value): "LOCATION \(Self.excerpt(value)) is not an absolute http URL"
        case .locationElsewhere(let location, let source):
            "LOCATION \(Self.excerpt(location)) is not on \(source), the host that sent it"
        }
    }

    /// `text` quoted and cut to 80 characters, so a hostile value cannot flood a log line.
    static func excerpt(_ text: String) -> String {
        let cut = text.count > 80 ? text.prefix(80) + "…" : Substring(text)
        return "\""
            + cut.map { $0.isASCII && ($0.asciiValue! < 0x20 || $0.asciiValue! == 0x7F) ? "?" : String($0) }
            .joined() + "\""
    }
}
