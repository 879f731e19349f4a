import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The parts of an HTTP response head that decide how a byte source treats the body.
struct HTTPResponseHead: Equatable, Sendable {
    /// `bytes first-last/total` from a 206 answer; `total` is `nil` for `*`.
    struct ContentRange: Equatable, Sendable {
        var first: Int64
        var last: Int64
        var total: Int64?
    }

    var status: Int
    /// Content-Length: the length of this body (of the part, for a 206).
    var contentLength: Int64?
    var acceptsByteRanges: Bool
    var contentRange: ContentRange?

    init(status: Int, contentLength: Int64?, acceptsByteRanges: Bool, contentRange: ContentRange?) {
        self.status = status
        self.contentLength = contentLength
        self.acceptsByteRanges = acceptsByteRanges
        self.contentRange = contentRange
    }

    init(_ response: HTTPURLResponse) {
        self.init(
            status: response.statusCode,
            contentLength: response.expectedContentLength >= 0 ? response.expectedContentLength : nil,
            acceptsByteRanges: response.value(forHTTPHeaderField: "Accept-Ranges")?.lowercased() == "bytes",
            contentRange: response.value(forHTTPHeaderField: "Content-Range").flatMap(Self.parseContentRange))
    }

    /// The length of the whole resource: Content-Range's total for a 206, else
    /// Content-Length for a 200.
    var resourceLength: Int64? {
        if status == 206 { return contentRange?.total }
        return status == 200 ? contentLength : nil
    }

    /// Parses `bytes 100-199/1000` or `bytes 100-199/*`; `nil` for anything else.
    static func parseContentRange(_ value: String) -> ContentRange? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        guard trimmed.lowercased().hasPrefix("bytes ") else { return nil }
        let spec = trimmed.dropFirst("bytes ".count)
        let halves = spec.split(separator: "/", maxSplits: 1)
        guard halves.count == 2 else { return nil }
        let bounds = halves[0].split(separator: "-", maxSplits: 1)
        guard bounds.count == 2, let first = Int64(bounds[0]), let last = Int64(bounds[1]), first <= last else {
            return nil
        }
        let total: Int64?
        if halves[1] == "*" {
            total = nil
        } else if let value = Int64(halves[1]), value > last {
            total = value
        } else {
            return nil
        }
        return ContentRange(first: first, last: last, total: total)
    }
}
