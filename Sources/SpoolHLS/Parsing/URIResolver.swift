import Foundation

/// Resolves URI references against the playlist URL (RFC 3986 section 5).
///
/// The common case, a plain relative path such as `segment42.ts` or `720p/index.m3u8`, is the
/// base's directory followed by the reference, so it is built as a string and parsed once;
/// everything else (absolute URIs, `/`-rooted paths, queries, `.` and `..` segments) goes
/// through Foundation's resolution. The last result is remembered, for byte-range playlists
/// that name one file thousands of times.
struct URIResolver {
    let base: URL
    /// The base up to and including the last `/` of its path, when it has an authority.
    private let directory: String?
    private var last: (reference: String, resolved: Resolved)?

    /// A resolved URI, and whether it is known to have the base's scheme (so a scheme check on
    /// the base answers for it too).
    struct Resolved {
        let url: URL
        let hasBaseScheme: Bool
    }

    init(base: URL) {
        self.base = base
        directory = Self.directory(of: base.absoluteString)
    }

    /// The absolute URL `reference` denotes, or `nil` when it cannot be parsed.
    mutating func resolve(_ reference: String) -> Resolved? {
        if let last, last.reference == reference { return last.resolved }
        let resolved: Resolved?
        if let directory, Self.isPlainRelativePath(reference) {
            resolved = URL(string: directory + reference).map { Resolved(url: $0, hasBaseScheme: true) }
        } else {
            resolved = URL(string: reference, relativeTo: base).map {
                Resolved(url: $0.absoluteURL, hasBaseScheme: false)
            }
        }
        if let resolved { last = (reference, resolved) }
        return resolved
    }

    /// Whether `reference` is a relative path without a scheme, a leading `/`, `?` or `#`, and
    /// without `.` or `..` segments: one that resolves by appending it to the base's directory.
    static func isPlainRelativePath(_ reference: String) -> Bool {
        var segmentLength = 0
        var dots = 0
        var isFirstSegment = true
        for byte in reference.utf8 {
            switch byte {
            case UInt8(ascii: "/"):
                if segmentLength == 0 && isFirstSegment { return false }
                if segmentLength > 0 && dots == segmentLength { return false }
                segmentLength = 0
                dots = 0
                isFirstSegment = false
            case UInt8(ascii: "?"), UInt8(ascii: "#"):
                if segmentLength == 0 && isFirstSegment { return false }
                return !(segmentLength > 0 && dots == segmentLength)
            case UInt8(ascii: ":"):
                if isFirstSegment { return false }
                segmentLength += 1
            case UInt8(ascii: "\\"):
                return false
            default:
                segmentLength += 1
                if byte == UInt8(ascii: ".") { dots += 1 }
            }
        }
        return segmentLength > 0 && !(dots == segmentLength && dots <= 2)
    }

    /// `scheme://authority/dir/` for a base with an authority, else `nil`.
    private static func directory(of base: String) -> String? {
        guard let separator = base.range(of: "://") else { return nil }
        let afterAuthority = base[separator.upperBound...]
        let pathStart = afterAuthority.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? base.endIndex
        let pathEnd = base[pathStart...].firstIndex { $0 == "?" || $0 == "#" } ?? base.endIndex
        if let slash = base[pathStart..<pathEnd].lastIndex(of: "/") {
            return String(base[...slash])
        }
        return String(base[..<pathStart]) + "/"
    }
}
