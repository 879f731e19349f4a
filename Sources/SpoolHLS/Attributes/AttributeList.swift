import Foundation
import SpoolCore

/// The attributes of one tag, with typed accessors. Every accessor returns `nil` when the
/// attribute is absent and throws a `PlaylistParseError` naming the tag, the attribute, the
/// line and the expected kind when it is present but malformed.
struct AttributeList {
    /// The tag's name, for errors.
    let tag: String
    /// The tag's line, for errors.
    let line: Int
    /// The attributes in the order they appeared.
    var attributes: [Attribute]

    /// The attribute called `name`.
    func attribute(_ name: String) -> Attribute? {
        attributes.first { $0.name == name }
    }

    /// The error for a present but malformed attribute.
    func invalid(_ attribute: Attribute, expected: AttributeValueKind) -> PlaylistParseError {
        PlaylistParseError(
            line: line,
            problem: .invalidAttributeValue(
                tag: tag, attribute: attribute.name, expected: expected,
                found: attribute.isQuoted ? "\"\(attribute.value)\"" : attribute.value))
    }

    /// `value`, or the error for a missing required attribute `name`.
    func required<Value>(_ value: Value?, _ name: String) throws(PlaylistParseError) -> Value {
        guard let value else {
            throw PlaylistParseError(line: line, problem: .missingAttribute(tag: tag, attribute: name))
        }
        return value
    }

    /// A quoted-string attribute's text.
    func quotedString(_ name: String) throws(PlaylistParseError) -> String? {
        guard let attribute = attribute(name) else { return nil }
        guard attribute.isQuoted else { throw invalid(attribute, expected: .quotedString) }
        return attribute.value
    }

    /// A quoted-string attribute holding a comma-separated list, split and trimmed.
    func quotedList(_ name: String, separator: Character = ",") throws(PlaylistParseError) -> [String]? {
        try quotedString(name).map { value in
            value.split(separator: separator).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
    }

    /// An enumerated-string attribute's token.
    func enumeratedString(_ name: String) throws(PlaylistParseError) -> String? {
        guard let attribute = attribute(name) else { return nil }
        guard !attribute.isQuoted else { throw invalid(attribute, expected: .format("an enumerated-string")) }
        return attribute.value
    }

    /// An enumerated-string attribute that must be one of `Value`'s cases.
    func enumeration<Value: RawRepresentable & CaseIterable>(_ name: String, as _: Value.Type)
        throws(PlaylistParseError) -> Value? where Value.RawValue == String
    {
        guard let attribute = attribute(name) else { return nil }
        guard !attribute.isQuoted, let value = Value(rawValue: attribute.value) else {
            throw invalid(attribute, expected: .enumeratedString(Value.allCases.map(\.rawValue)))
        }
        return value
    }

    /// A YES/NO attribute: `nil` when absent.
    func flag(_ name: String) throws(PlaylistParseError) -> Bool? {
        guard let attribute = attribute(name) else { return nil }
        switch (attribute.isQuoted, attribute.value) {
        case (false, "YES"): return true
        case (false, "NO"): return false
        default: throw invalid(attribute, expected: .enumeratedString(["YES", "NO"]))
        }
    }

    /// A decimal-integer attribute.
    func decimalInteger(_ name: String) throws(PlaylistParseError) -> Int? {
        try unquoted(name, .decimalInteger) { ValueParser.decimalInteger($0) }
    }

    /// A decimal-integer attribute used as a sequence number or count (at most 2^53).
    func sequenceNumber(_ name: String) throws(PlaylistParseError) -> Int? {
        try unquoted(name, .sequenceNumber) { ValueParser.sequenceNumber($0) }
    }

    /// A decimal-floating-point (or signed) attribute as an exact time in seconds.
    func time(_ name: String, signed: Bool = false) throws(PlaylistParseError) -> MediaTime? {
        try unquoted(name, signed ? .signedDecimalFloat : .decimalFloat) {
            ValueParser.decimalTime($0, signed: signed)
        }
    }

    /// A decimal-floating-point (or signed) attribute as a number.
    func decimalFloat(_ name: String, signed: Bool = false) throws(PlaylistParseError) -> Double? {
        try unquoted(name, signed ? .signedDecimalFloat : .decimalFloat) {
            ValueParser.decimalDouble($0, signed: signed)
        }
    }

    /// A hexadecimal-sequence attribute's bytes; with `bits`, exactly `bits / 8` bytes.
    func hexadecimal(_ name: String, bits: Int? = nil) throws(PlaylistParseError) -> [UInt8]? {
        try unquoted(name, .hexadecimalSequence(bits: bits)) { ValueParser.hexadecimal($0, bits: bits) }
    }

    /// A decimal-resolution attribute.
    func resolution(_ name: String) throws(PlaylistParseError) -> Resolution? {
        try unquoted(name, .resolution) { ValueParser.resolution($0) }
    }

    /// A quoted-string attribute holding a byte range `n[@o]`. With `allowsUnquoted`, also the
    /// unquoted form the Python `m3u8` library writes for EXT-X-PART (`BYTERANGE=1000@2000`):
    /// the value cannot be mistaken for anything else.
    func byteRange(
        _ name: String, allowsUnquoted: Bool = false
    ) throws(PlaylistParseError) -> (length: Int, offset: Int?)? {
        guard let attribute = attribute(name) else { return nil }
        guard attribute.isQuoted || allowsUnquoted, let range = ValueParser.byteRange(Array(attribute.value.utf8)[...])
        else {
            throw invalid(attribute, expected: .byteRange)
        }
        return range
    }

    /// A quoted-string attribute holding an ISO 8601 date-time.
    func dateTime(_ name: String) throws(PlaylistParseError) -> Date? {
        guard let attribute = attribute(name) else { return nil }
        guard attribute.isQuoted, let date = ISO8601DateParser.date(Array(attribute.value.utf8)[...]) else {
            throw invalid(attribute, expected: .dateTime)
        }
        return date
    }

    /// An unquoted attribute run through `parse`, which returns `nil` when malformed.
    private func unquoted<Value>(
        _ name: String, _ kind: AttributeValueKind, _ parse: (ArraySlice<UInt8>) -> Value?
    ) throws(PlaylistParseError) -> Value? {
        guard let attribute = attribute(name) else { return nil }
        guard !attribute.isQuoted, let value = parse(Array(attribute.value.utf8)[...]) else {
            throw invalid(attribute, expected: kind)
        }
        return value
    }
}
