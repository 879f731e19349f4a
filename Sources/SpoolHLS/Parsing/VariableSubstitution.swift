import Foundation

/// The variables of one playlist (EXT-X-DEFINE) and their substitution into URI lines and
/// quoted-string attribute values (RFC 8216bis section 4.3): `{$name}` is replaced by the
/// variable's value, and a reference to an undefined variable is an error.
///
/// Substitution can only grow the playlist by `maxBytes` in total (a 16 MiB playlist of
/// references to a long value would otherwise expand to gigabytes).
struct VariableTable {
    /// The variables defined so far, by name.
    private(set) var values: [String: String] = [:]
    private let importable: [String: String]?
    private let url: URL
    private let limits: PlaylistLimits
    private var addedBytes = 0

    init(url: URL, importable: [String: String]?, limits: PlaylistLimits) {
        self.url = url
        self.importable = importable
        self.limits = limits
    }

    /// Whether `name` is a legal variable name: `A`–`Z`, `a`–`z`, `0`–`9`, `-` and `_`.
    static func isValidName(_ name: some StringProtocol) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy(isNameByte)
    }

    /// NAME/VALUE.
    mutating func define(_ name: String, as value: String, line: Int) throws(PlaylistParseError) {
        guard values[name] == nil else {
            throw PlaylistParseError(line: line, problem: .duplicateVariable(name))
        }
        guard values.count < limits.maxMetadataEntries else {
            throw PlaylistParseError(line: line, problem: .limitExceeded(.metadataEntries(limits.maxMetadataEntries)))
        }
        values[name] = value
    }

    /// QUERYPARAM: the value of the playlist URL's query parameter `name` (percent-decoded).
    mutating func defineFromQuery(_ name: String, line: Int) throws(PlaylistParseError) {
        let items = URLComponents(url: url, resolvingAgainstBaseURL: true)?.queryItems ?? []
        guard let value = items.first(where: { $0.name == name })?.value else {
            throw PlaylistParseError(line: line, problem: .missingQueryParameter(name))
        }
        try define(name, as: value, line: line)
    }

    /// IMPORT: the value the multivariant playlist gave `name`.
    mutating func defineImported(_ name: String, line: Int) throws(PlaylistParseError) {
        guard let value = importable?[name] else {
            throw PlaylistParseError(line: line, problem: .undefinedImport(name))
        }
        try define(name, as: value, line: line)
    }

    /// `bytes` as a string with every variable reference replaced.
    mutating func substitute(_ bytes: ArraySlice<UInt8>, line: Int) throws(PlaylistParseError) -> String {
        guard Self.containsReference(bytes) else { return String(decoding: bytes, as: UTF8.self) }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if let (name, end) = Self.reference(in: bytes, at: index) {
                guard let value = values[name] else {
                    throw PlaylistParseError(line: line, problem: .undefinedVariable(name))
                }
                output.append(contentsOf: value.utf8)
                addedBytes += value.utf8.count
                guard addedBytes <= limits.maxBytes else {
                    throw PlaylistParseError(line: line, problem: .limitExceeded(.substitutedBytes(limits.maxBytes)))
                }
                index = end
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// `string` with every variable reference replaced.
    mutating func substitute(_ string: String, line: Int) throws(PlaylistParseError) -> String {
        let bytes = Array(string.utf8)
        guard Self.containsReference(bytes[...]) else { return string }
        return try substitute(bytes[...], line: line)
    }

    private static func containsReference(_ bytes: ArraySlice<UInt8>) -> Bool {
        var previous: UInt8 = 0
        for byte in bytes {
            if previous == UInt8(ascii: "{") && byte == UInt8(ascii: "$") { return true }
            previous = byte
        }
        return false
    }

    /// The name of a `{$name}` reference starting at `index`, and the index after it.
    private static func reference(in bytes: ArraySlice<UInt8>, at index: Int) -> (String, Int)? {
        guard bytes.endIndex - index >= 4, bytes[index] == UInt8(ascii: "{"), bytes[index + 1] == UInt8(ascii: "$")
        else { return nil }
        var end = index + 2
        while end < bytes.endIndex, isNameByte(bytes[end]) { end += 1 }
        guard end > index + 2, end < bytes.endIndex, bytes[end] == UInt8(ascii: "}") else { return nil }
        return (String(decoding: bytes[(index + 2)..<end], as: UTF8.self), end + 1)
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
            true
        default: false
        }
    }
}
