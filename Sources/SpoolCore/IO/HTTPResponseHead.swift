import Foundation

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
    /// What identifies this version of the resource (ETag, Last-Modified), so a resumed
    /// transfer can tell the bytes still belong to the same file.
    var validator: HTTPResourceValidator
    /// The resource's length from a 416 answer's `Content-Range: bytes */total`.
    var unsatisfiedRangeTotal: Int64?

    init(
        status: Int, contentLength: Int64?, acceptsByteRanges: Bool, contentRange: ContentRange?,
        validator: HTTPResourceValidator = HTTPResourceValidator(), unsatisfiedRangeTotal: Int64? = nil
    ) {
        self.status = status
        self.contentLength = contentLength
        self.acceptsByteRanges = acceptsByteRanges
        self.contentRange = contentRange
        self.validator = validator
        self.unsatisfiedRangeTotal = unsatisfiedRangeTotal
    }

    init(_ response: HTTPTransferHead) {
        let length = response.value("Content-Length").flatMap { Int64($0.trimmingCharacters(in: .whitespaces)) }
        self.init(
            status: response.status,
            contentLength: length.flatMap { $0 >= 0 ? $0 : nil },
            acceptsByteRanges: response.value("Accept-Ranges")?.lowercased() == "bytes",
            contentRange: response.value("Content-Range").flatMap(Self.parseContentRange),
            validator: HTTPResourceValidator(
                etag: response.value("ETag"), lastModified: response.value("Last-Modified")),
            unsatisfiedRangeTotal: Self.unsatisfiedRangeTotal(response.value("Content-Range")))
    }

    /// The length of the whole resource: Content-Range's total for a 206, else
    /// Content-Length for a 200.
    var resourceLength: Int64? {
        if status == 206 { return contentRange?.total }
        return status == 200 ? contentLength : nil
    }

    /// The total of a 416 answer's `Content-Range: bytes */total`, when it sent one.
    static func unsatisfiedRangeTotal(_ value: String?) -> Int64? {
        guard let value else { return nil }
        let trimmed = value.trimmingCharacters(in: .whitespaces).lowercased()
        guard trimmed.hasPrefix("bytes */") else { return nil }
        return Int64(trimmed.dropFirst("bytes */".count))
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
