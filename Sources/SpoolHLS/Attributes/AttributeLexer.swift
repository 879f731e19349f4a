/// One `NAME=VALUE` of an attribute list. A quoted value is stored without its quotes.
struct Attribute: Sendable, Equatable {
    /// The attribute name.
    let name: String
    /// The value: the text between the quotes, or the unquoted token.
    var value: String
    /// Whether the value was a quoted-string.
    let isQuoted: Bool
}

/// Splits an attribute list (RFC 8216 section 4.2) into attributes, checking its syntax:
/// names of `A`–`Z`, `0`–`9` and `-`; values either quoted-strings or tokens without quotes,
/// commas or whitespace; no name twice. Whitespace around attributes and one trailing comma are
/// tolerated. Values are not interpreted here; `AttributeList` types them.
enum AttributeLexer {
    private static let quote = UInt8(ascii: "\"")
    private static let comma = UInt8(ascii: ",")
    private static let equals = UInt8(ascii: "=")

    /// The attributes of `bytes[range]`; `lineStart` is where the line starts in `bytes`, so
    /// errors carry the column in the line.
    static func lex(_ bytes: [UInt8], _ range: Range<Int>, lineStart: Int) throws(AttributeSyntaxError)
        -> [Attribute]
    {
        var attributes: [Attribute] = []
        var names: Set<String> = []
        var index = range.lowerBound
        let end = range.upperBound
        func failure(_ reason: AttributeSyntaxError.Reason, at position: Int) -> AttributeSyntaxError {
            AttributeSyntaxError(column: position - lineStart + 1, reason: reason)
        }
        while true {
            while index < end, isBlank(bytes[index]) { index += 1 }
            if index == end { break }
            let nameStart = index
            while index < end, bytes[index] != equals {
                guard isNameCharacter(bytes[index]) else {
                    if bytes[index] == comma { throw failure(.missingEquals, at: nameStart) }
                    // A blank with an '=' after it in the same attribute is inside the name
                    // ("A B=1", "A =1"): that is the problem, not a missing '='.
                    if isBlank(bytes[index]) && !hasEquals(bytes, from: index, before: end) {
                        throw failure(.missingEquals, at: nameStart)
                    }
                    throw failure(.invalidNameCharacter(character(bytes, at: index)), at: index)
                }
                index += 1
            }
            guard index < end else { throw failure(.missingEquals, at: nameStart) }
            guard index > nameStart else { throw failure(.emptyName, at: nameStart) }
            let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
            index += 1
            let value: String
            let isQuoted = index < end && bytes[index] == quote
            if isQuoted {
                let valueStart = index + 1
                index = valueStart
                while index < end, bytes[index] != quote { index += 1 }
                guard index < end else { throw failure(.unterminatedQuotedString, at: valueStart - 1) }
                value = String(decoding: bytes[valueStart..<index], as: UTF8.self)
                index += 1
                while index < end, isBlank(bytes[index]) { index += 1 }
                if index < end, bytes[index] != comma {
                    throw failure(.characterAfterQuotedString(character(bytes, at: index)), at: index)
                }
            } else {
                let valueStart = index
                while index < end, bytes[index] != comma { index += 1 }
                var valueEnd = index
                while valueEnd > valueStart, isBlank(bytes[valueEnd - 1]) { valueEnd -= 1 }
                guard valueEnd > valueStart else { throw failure(.emptyValue, at: valueStart) }
                for position in valueStart..<valueEnd where bytes[position] == quote || isBlank(bytes[position]) {
                    throw failure(.invalidValueCharacter(character(bytes, at: position)), at: position)
                }
                value = String(decoding: bytes[valueStart..<valueEnd], as: UTF8.self)
            }
            guard names.insert(name).inserted else { throw failure(.duplicateAttribute(name), at: nameStart) }
            attributes.append(Attribute(name: name, value: value, isQuoted: isQuoted))
            if index < end { index += 1 }  // the comma
        }
        return attributes
    }

    /// Whether an '=' comes after `index` before the next comma (or `end`).
    private static func hasEquals(_ bytes: [UInt8], from index: Int, before end: Int) -> Bool {
        var position = index
        while position < end, bytes[position] != comma {
            if bytes[position] == equals { return true }
            position += 1
        }
        return false
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }

    private static func isNameCharacter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || byte == UInt8(ascii: "-")
    }

    /// The character starting at `index` (a replacement character inside a broken sequence).
    private static func character(_ bytes: [UInt8], at index: Int) -> Character {
        var end = index + 1
        while end < bytes.count, end < index + 4, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return String(decoding: bytes[index..<end], as: UTF8.self).first ?? "\u{FFFD}"
    }
}
