import Foundation

/// Parses the ISO 8601 date-times playlists use (EXT-X-PROGRAM-DATE-TIME, START-DATE):
/// `YYYY-MM-DDThh:mm[:ss[.fraction]][Z|±hh[:mm]]`, with `T`, `t` or a space between date and
/// time. A date-time without a zone is taken as UTC (RFC 8216 requires a zone; encoders that
/// forget it mean UTC). Fields are range-checked, including the month's length.
///
/// Written by hand because a playlist can carry a date on every segment: this is a few hundred
/// nanoseconds per date, a formatter is tens of microseconds.
enum ISO8601DateParser {
    /// The date, or `nil` when the bytes are not such a date-time.
    static func date(_ bytes: ArraySlice<UInt8>) -> Date? {
        var scanner = Scanner(bytes: bytes)
        guard let year = scanner.digits(4), scanner.skip("-"),
            let month = scanner.digits(2), scanner.skip("-"),
            let day = scanner.digits(2),
            scanner.skip("T") || scanner.skip("t") || scanner.skip(" "),
            let hour = scanner.digits(2), scanner.skip(":"),
            let minute = scanner.digits(2)
        else { return nil }
        var second = 0
        var fraction = 0.0
        if scanner.skip(":") {
            guard let value = scanner.digits(2) else { return nil }
            second = value
            if scanner.skip(".") || scanner.skip(",") {
                guard let value = scanner.fraction() else { return nil }
                fraction = value
            }
        }
        guard (1...12).contains(month), (1...daysInMonth(month, year: year)).contains(day),
            (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second),
            let offset = scanner.zoneOffsetSeconds(), scanner.isAtEnd
        else { return nil }
        let days = daysSinceEpoch(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    /// Days from 1970-01-01 to the given proleptic Gregorian date (Howard Hinnant's algorithm).
    static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func daysInMonth(_ month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    private struct Scanner {
        let bytes: ArraySlice<UInt8>
        var index: Int

        init(bytes: ArraySlice<UInt8>) {
            self.bytes = bytes
            self.index = bytes.startIndex
        }

        var isAtEnd: Bool { index == bytes.endIndex }

        mutating func skip(_ character: Unicode.Scalar) -> Bool {
            guard index < bytes.endIndex, bytes[index] == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }

        mutating func digits(_ count: Int) -> Int? {
            guard bytes.endIndex - index >= count else { return nil }
            var value = 0
            for _ in 0..<count {
                let digit = Int(bytes[index]) - 48
                guard (0...9).contains(digit) else { return nil }
                value = value * 10 + digit
                index += 1
            }
            return value
        }

        /// The digits after a decimal point as a fraction of a second (at least one digit;
        /// nanosecond precision, further digits ignored).
        mutating func fraction() -> Double? {
            var nanoseconds = 0
            var count = 0
            let start = index
            while index < bytes.endIndex, (48...57).contains(bytes[index]) {
                if count < 9 {
                    nanoseconds = nanoseconds * 10 + Int(bytes[index] - 48)
                    count += 1
                }
                index += 1
            }
            guard index > start else { return nil }
            for _ in count..<9 { nanoseconds *= 10 }
            return Double(nanoseconds) / 1e9
        }

        /// The zone's offset from UTC in seconds: 0 for `Z`, `z` or no zone, `nil` if malformed.
        mutating func zoneOffsetSeconds() -> Int? {
            if isAtEnd || skip("Z") || skip("z") { return 0 }
            let sign: Int
            if skip("+") {
                sign = 1
            } else if skip("-") {
                sign = -1
            } else {
                return nil
            }
            guard let hours = digits(2), hours <= 23 else { return nil }
            var minutes = 0
            if !isAtEnd {
                _ = skip(":")
                guard let value = digits(2), value <= 59 else { return nil }
                minutes = value
            }
            return sign * (hours * 3_600 + minutes * 60)
        }
    }
}
