/// The kind of value an attribute or tag expected, named with RFC 8216's grammar terms; an
/// error carries it to say what was wrong.
public enum AttributeValueKind: Sendable, Equatable, CustomStringConvertible {
    /// Digits only, at most `Int.max`.
    case decimalInteger
    /// A decimal-integer sequence number or count, at most 2^53.
    case sequenceNumber
    /// `0x` or `0X` followed by hexadecimal digits, optionally at most `bits` bits.
    case hexadecimalSequence(bits: Int?)
    /// A non-negative decimal number such as `4`, `4.`, `.5` or `10.010`.
    case decimalFloat
    /// A decimal number with an optional leading minus sign.
    case signedDecimalFloat
    /// A value in double quotes.
    case quotedString
    /// One of the listed unquoted words.
    case enumeratedString([String])
    /// Two decimal integers joined by `x`: `1920x1080`.
    case resolution
    /// A length with an optional offset: `1000@2000`.
    case byteRange
    /// An ISO 8601 date with time, such as `2024-01-31T10:00:00.500Z`.
    case dateTime
    /// Anything else, described in words.
    case format(String)

    /// "a decimal-integer", "one of YES, NO" and the like.
    public var description: String {
        switch self {
        case .decimalInteger: "a decimal-integer"
        case .sequenceNumber: "a decimal-integer of at most 2^53"
        case .hexadecimalSequence(let bits?): "a hexadecimal-sequence of at most \(bits) bits"
        case .hexadecimalSequence(nil): "a hexadecimal-sequence"
        case .decimalFloat: "a decimal-floating-point"
        case .signedDecimalFloat: "a signed-decimal-floating-point"
        case .quotedString: "a quoted-string"
        case .enumeratedString(let values): "one of " + values.joined(separator: ", ")
        case .resolution: "a decimal-resolution (WxH)"
        case .byteRange: "a byte range (n[@o])"
        case .dateTime: "an ISO 8601 date-time"
        case .format(let text): text
        }
    }
}
