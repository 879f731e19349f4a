public import Foundation

/// One SSDP datagram, read: what kind it is and its header fields.
///
/// Guarantees of `parse`: the datagram is bounded by `SSDPLimits` (size, line length, header
/// count), must be UTF-8 text without control characters inside lines, and must start with one
/// of SSDP's three start lines; header names are HTTP tokens, compared case-insensitively. Any
/// violation throws a `SSDPParseError` naming it; nothing is kept from a rejected datagram.
public struct SSDPMessage: Sendable, Equatable {
    /// What the datagram is.
    public enum Kind: Sendable, Equatable {
        /// `HTTP/1.1 200 OK`: a device answering a search.
        case searchResponse
        /// `NOTIFY * HTTP/1.1`: a device announcing itself (alive) or leaving (byebye).
        case notify
        /// `M-SEARCH * HTTP/1.1`: someone else searching (ours included); never acted on.
        case search
    }

    /// What the datagram is.
    public let kind: Kind
    /// Header values by lowercased name, trimmed; for a repeated name, the first.
    public let headers: [String: String]
    /// Lowercased names that appeared more than once.
    let repeated: Set<String>

    /// The value of header `name` (any case).
    public func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// Reads `data` as an SSDP message; see the type's guarantees.
    public static func parse(_ data: Data, limits: SSDPLimits = .default) throws(SSDPParseError) -> SSDPMessage {
        guard data.count <= limits.maxBytes else { throw .tooLarge(limit: limits.maxBytes) }
        guard String(validating: data, as: UTF8.self) != nil else { throw .notText }
        // CRLF per HTTP; a bare LF is accepted too, as most SSDP stacks do. Split as bytes:
        // as Characters, "\r\n" is one grapheme and would never split on "\n".
        var lines = data.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
            Substring(decoding: line.last == 0x0D ? line.dropLast() : line, as: UTF8.self)
        }
        while let last = lines.last, last.isEmpty { lines.removeLast() }
        guard let startLine = lines.first else { throw .unknownStartLine("") }
        for line in lines {
            guard line.utf8.count <= limits.maxLineLength else { throw .lineTooLong(limit: limits.maxLineLength) }
            guard !line.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\t" || $0.value == 0x7F }) else {
                throw .notText
            }
        }
        let kind = try Self.kind(of: startLine)
        var headers: [String: String] = [:]
        var repeated: Set<String> = []
        var count = 0
        for line in lines.dropFirst() {
            // An empty line ends the head; SSDP messages have no body worth reading.
            if line.isEmpty { break }
            count += 1
            guard count <= limits.maxHeaders else { throw .tooManyHeaders(limit: limits.maxHeaders) }
            guard let colon = line.firstIndex(of: ":") else { throw .malformedHeader(String(line)) }
            let name = line[..<colon].lowercased()
            guard !name.isEmpty, name.unicodeScalars.allSatisfy(Self.isTokenScalar) else {
                throw .malformedHeader(String(line))
            }
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if headers[name] == nil { headers[name] = value } else { repeated.insert(name) }
        }
        return SSDPMessage(kind: kind, headers: headers, repeated: repeated)
    }

    /// The value of a field the caller relies on: present and given once.
    func required(_ name: String) throws(SSDPParseError) -> String {
        let key = name.lowercased()
        guard !repeated.contains(key) else { throw .duplicateHeader(name) }
        guard let value = headers[key], !value.isEmpty else { throw .missingHeader(name) }
        return value
    }

    private static func kind(of line: Substring) throws(SSDPParseError) -> Kind {
        let words = line.split(separator: " ", omittingEmptySubsequences: true)
        switch words.count >= 2 ? (words[0].uppercased(), String(words[1])) : ("", "") {
        case ("NOTIFY", "*") where words.count == 3 && words[2].uppercased() == "HTTP/1.1": return .notify
        case ("M-SEARCH", "*") where words.count == 3 && words[2].uppercased() == "HTTP/1.1": return .search
        case ("HTTP/1.1", "200"), ("HTTP/1.0", "200"): return .searchResponse
        default: throw .unknownStartLine(String(line))
        }
    }

    /// RFC 9110's tchar.
    private static func isTokenScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9": true
        case "!", "#", "$", "%", "&", "'", "*", "+", "-", ".", "^", "_", "`", "|", "~": true
        default: false
        }
    }
}
