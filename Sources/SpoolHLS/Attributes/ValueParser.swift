import SpoolCore

/// The scalar grammars of RFC 8216 section 4.2 over raw bytes. Each returns `nil` when the
/// bytes are not exactly of its form, so callers can name what was expected.
enum ValueParser {
    private static let zero = UInt8(ascii: "0")
    private static let nine = UInt8(ascii: "9")
    private static let point = UInt8(ascii: ".")
    private static let minus = UInt8(ascii: "-")

    /// decimal-integer: digits only, at most `Int.max`.
    static func decimalInteger(_ bytes: ArraySlice<UInt8>) -> Int? {
        guard !bytes.isEmpty else { return nil }
        var value = 0
        for byte in bytes {
            guard byte >= zero, byte <= nine else { return nil }
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(Int(byte - zero))
            guard !overflow1, !overflow2 else { return nil }
            value = sum
        }
        return value
    }

    /// The largest sequence number accepted (2^53, what JavaScript players can count to): numbering
    /// segments from a larger one could overflow.
    static let maxSequenceNumber = 1 << 53

    /// A decimal-integer used as a sequence number or count: at most `maxSequenceNumber`.
    static func sequenceNumber(_ bytes: ArraySlice<UInt8>) -> Int? {
        decimalInteger(bytes).flatMap { $0 <= maxSequenceNumber ? $0 : nil }
    }

    /// decimal-floating-point (or, when `signed`, signed-decimal-floating-point) as an exact
    /// time: `10.010` is 10010/1000 s. Digits past the ninth after the point are rounded away.
    static func decimalTime(_ bytes: ArraySlice<UInt8>, signed: Bool) -> MediaTime? {
        var index = bytes.startIndex
        var negative = false
        if signed, index < bytes.endIndex, bytes[index] == minus {
            negative = true
            index += 1
        }
        var value: Int64 = 0
        var digits = 0
        var fractionDigits = 0
        var seenPoint = false
        var roundUp: Bool?
        while index < bytes.endIndex {
            let byte = bytes[index]
            index += 1
            if byte == point {
                guard !seenPoint else { return nil }
                seenPoint = true
                continue
            }
            guard byte >= zero, byte <= nine else { return nil }
            digits += 1
            if seenPoint && fractionDigits == 9 {
                if roundUp == nil { roundUp = byte >= UInt8(ascii: "5") }
                continue
            }
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(Int64(byte - zero))
            guard !overflow1, !overflow2 else { return nil }
            value = sum
            if seenPoint { fractionDigits += 1 }
        }
        guard digits > 0 else { return nil }
        if roundUp == true {
            guard value < .max else { return nil }
            value += 1
        }
        var timescale: Int32 = 1
        for _ in 0..<fractionDigits { timescale *= 10 }
        return MediaTime(value: negative ? -value : value, timescale: timescale)
    }

    /// decimal-floating-point (or signed) as a `Double`, for rates and scores.
    static func decimalDouble(_ bytes: ArraySlice<UInt8>, signed: Bool) -> Double? {
        decimalTime(bytes, signed: signed).map(\.seconds)
    }

    /// hexadecimal-sequence: `0x`/`0X` and hex digits, as big-endian bytes (an odd digit count
    /// gets a leading zero nibble). With `bits`, the value must fit and the result is exactly
    /// `bits / 8` bytes, zero-padded on the left.
    static func hexadecimal(_ bytes: ArraySlice<UInt8>, bits: Int?) -> [UInt8]? {
        let start = bytes.startIndex
        guard bytes.count > 2, bytes[start] == zero,
            bytes[start + 1] == UInt8(ascii: "x") || bytes[start + 1] == UInt8(ascii: "X")
        else { return nil }
        var nibbles: [UInt8] = []
        nibbles.reserveCapacity(bytes.count - 2)
        for byte in bytes.dropFirst(2) {
            guard let nibble = hexValue(byte) else { return nil }
            nibbles.append(nibble)
        }
        if let bits {
            let significant = nibbles.drop { $0 == 0 }
            guard significant.count * 4 <= bits else { return nil }
            nibbles = [UInt8](repeating: 0, count: bits / 4 - significant.count) + significant
        }
        if nibbles.count % 2 == 1 { nibbles.insert(0, at: 0) }
        return stride(from: 0, to: nibbles.count, by: 2).map { nibbles[$0] << 4 | nibbles[$0 + 1] }
    }

    /// decimal-resolution: `<width>x<height>`.
    static func resolution(_ bytes: ArraySlice<UInt8>) -> Resolution? {
        guard let x = bytes.firstIndex(where: { $0 == UInt8(ascii: "x") || $0 == UInt8(ascii: "X") }),
            let width = decimalInteger(bytes[bytes.startIndex..<x]),
            let height = decimalInteger(bytes[(x + 1)...])
        else { return nil }
        return Resolution(width: width, height: height)
    }

    /// A byte range `<n>[@<o>]`: the length and, when written, the offset.
    static func byteRange(_ bytes: ArraySlice<UInt8>) -> (length: Int, offset: Int?)? {
        guard let at = bytes.firstIndex(of: UInt8(ascii: "@")) else {
            return decimalInteger(bytes).map { ($0, nil) }
        }
        guard let length = decimalInteger(bytes[bytes.startIndex..<at]),
            let offset = decimalInteger(bytes[(at + 1)...])
        else { return nil }
        return (length, offset)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case zero...nine: byte - zero
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
