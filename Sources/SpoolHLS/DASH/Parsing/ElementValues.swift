import Foundation
import SpoolCore

/// An element's attributes read as the MPD schema types them, every failure an
/// `MPDParseError` naming the element's path.
struct ElementValues {
    let element: XMLElement
    let path: String

    /// The raw value of attribute `name`.
    subscript(name: String) -> String? { element.attributes[name] }

    func error(_ problem: MPDParseError.Problem) -> MPDParseError { MPDParseError(element: path, problem: problem) }

    /// A non-negative integer (at least `minimum`) that fits in 64 bits; `nil` when absent.
    func integer(_ name: String, minimum: Int64 = 0) throws(MPDParseError) -> Int64? {
        guard let text = self[name] else { return nil }
        let trimmed = text.trimmingWhitespace
        guard let value = Int64(trimmed) else {
            let digits = trimmed.drop { $0 == "+" }
            if !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) {
                throw error(.arithmeticOverflow("\(name)=\(PlaylistParseError.Problem.excerpt(text))"))
            }
            throw error(.invalidValue(attribute: name, expected: Self.expected(minimum), found: text))
        }
        guard value >= minimum else {
            throw error(.invalidValue(attribute: name, expected: Self.expected(minimum), found: text))
        }
        return value
    }

    private static func expected(_ minimum: Int64) -> String {
        minimum == 0 ? "a non-negative integer" : "an integer of at least \(minimum)"
    }

    /// An xs:duration in seconds; `nil` when absent.
    func duration(_ name: String) throws(MPDParseError) -> Double? {
        guard let text = self[name] else { return nil }
        guard let seconds = ISO8601Duration.seconds(text) else {
            throw error(.invalidValue(attribute: name, expected: "an ISO 8601 duration (PT1H2M3.5S)", found: text))
        }
        return seconds
    }

    /// An xs:dateTime; `nil` when absent.
    func date(_ name: String) throws(MPDParseError) -> Date? {
        guard let text = self[name] else { return nil }
        guard let date = ISO8601DateParser.date(ArraySlice(text.trimmingWhitespace.utf8)) else {
            throw error(.invalidValue(attribute: name, expected: "an ISO 8601 date-time", found: text))
        }
        return date
    }

    /// A byte range `first-last` (inclusive); `nil` when absent.
    func byteRange(_ name: String) throws(MPDParseError) -> ByteRange? {
        guard let text = self[name] else { return nil }
        let parts = text.trimmingWhitespace.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let first = Int(parts[0]), let last = Int(parts[1]), first >= 0, last >= first,
            last < Int.max
        else {
            throw error(.invalidValue(attribute: name, expected: "a byte range first-last", found: text))
        }
        return ByteRange(offset: first, length: last - first + 1)
    }
}
