/// A cue timing line, `start --> end [settings]`, in the WebVTT or the SRT dialect.
///
/// WebVTT timestamps are `[h…h:]mm:ss.ttt` exactly as the W3C parser accepts them: hours of
/// any number of digits (required when the first field is not two digits or exceeds 59),
/// minutes and seconds of two digits up to 59, and three fraction digits. SRT timestamps are
/// `h…h:mm:ss,ttt` read leniently: `.` or `,` before the fraction, one to three fraction
/// digits, one- or two-digit minutes and seconds, and optional hours.
struct CueTiming {
    enum Dialect { case webVTT, subRip }

    /// Milliseconds.
    let start: Int64
    let end: Int64
    /// What follows the end timestamp (WebVTT cue settings, SRT coordinates).
    let rest: Range<Int>

    /// The timing parsed from `line`, or `nil` when it is not a timing line of `dialect`.
    init?(_ bytes: [UInt8], _ line: Range<Int>, dialect: Dialect) {
        var scanner = TimestampScanner(bytes: bytes, index: line.lowerBound, end: line.upperBound)
        scanner.skipSpaces()
        guard let start = scanner.timestamp(dialect) else { return nil }
        scanner.skipSpaces()
        guard scanner.consume(0x2D), scanner.consume(0x2D), scanner.consume(0x3E) else { return nil }
        scanner.skipSpaces()
        guard let end = scanner.timestamp(dialect) else { return nil }
        // WebVTT requires a space before the settings; SRT tolerates anything after the end.
        if dialect == .webVTT, scanner.index < line.upperBound, !SubtitleLine.isSpace(bytes[scanner.index]) {
            return nil
        }
        self.start = start
        self.end = end
        rest = scanner.index..<line.upperBound
    }

    /// WebVTT cue settings: `name:value` words separated by spaces or tabs. A word without a
    /// colon, or with nothing before or after it, is ignored, as the W3C parser ignores
    /// settings it cannot use.
    static func settings(_ bytes: [UInt8], _ range: Range<Int>) -> [String: String] {
        var settings: [String: String] = [:]
        var index = range.lowerBound
        while index < range.upperBound {
            while index < range.upperBound, SubtitleLine.isSpace(bytes[index]) { index += 1 }
            let wordStart = index
            var colon: Int?
            while index < range.upperBound, !SubtitleLine.isSpace(bytes[index]) {
                if colon == nil, bytes[index] == 0x3A { colon = index }
                index += 1
            }
            guard let colon, colon > wordStart, colon + 1 < index else { continue }
            settings[SubtitleLine.text(bytes, wordStart..<colon)] = SubtitleLine.text(bytes, (colon + 1)..<index)
        }
        return settings
    }
}

/// Reads timestamps from a line's bytes, one field at a time.
struct TimestampScanner {
    let bytes: [UInt8]
    var index: Int
    let end: Int

    /// More hour digits than this cannot be a real time and could overflow.
    private static let maxHourDigits = 9

    mutating func skipSpaces() {
        while index < end, SubtitleLine.isSpace(bytes[index]) { index += 1 }
    }

    mutating func consume(_ byte: UInt8) -> Bool {
        guard index < end, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// Consumes a run of digits: its value and length, or `nil` when it is empty or longer
    /// than `maxDigits`.
    mutating func digits(maxDigits: Int) -> (value: Int64, count: Int)? {
        var value: Int64 = 0
        var count = 0
        while index < end, SubtitleLine.isDigit(bytes[index]) {
            count += 1
            guard count <= maxDigits else { return nil }
            value = value * 10 + Int64(bytes[index] - 0x30)
            index += 1
        }
        return count > 0 ? (value, count) : nil
    }

    /// A timestamp in milliseconds, or `nil` when the bytes are not one.
    mutating func timestamp(_ dialect: CueTiming.Dialect) -> Int64? {
        switch dialect {
        case .webVTT: webVTTTimestamp()
        case .subRip: subRipTimestamp()
        }
    }

    private mutating func webVTTTimestamp() -> Int64? {
        guard let first = digits(maxDigits: Self.maxHourDigits), consume(0x3A),
            let second = digits(maxDigits: 2), second.count == 2
        else { return nil }
        let hasHours = first.count != 2 || first.value > 59 || (index < end && bytes[index] == 0x3A)
        var hours: Int64 = 0
        var minutes = first.value
        var seconds = second.value
        if hasHours {
            guard consume(0x3A), let third = digits(maxDigits: 2), third.count == 2 else { return nil }
            (hours, minutes, seconds) = (first.value, second.value, third.value)
        }
        guard consume(0x2E), let fraction = digits(maxDigits: 3), fraction.count == 3 else { return nil }
        return Self.milliseconds(hours, minutes, seconds, fraction.value)
    }

    private mutating func subRipTimestamp() -> Int64? {
        var fields: [Int64] = []
        repeat {
            guard let field = digits(maxDigits: fields.isEmpty ? Self.maxHourDigits : 2) else { return nil }
            fields.append(field.value)
        } while fields.count < 3 && consume(0x3A)
        guard fields.count >= 2, consume(0x2C) || consume(0x2E), let fraction = digits(maxDigits: 3) else {
            return nil
        }
        let scale: Int64 = fraction.count == 1 ? 100 : (fraction.count == 2 ? 10 : 1)
        let (hours, minutes, seconds) =
            fields.count == 3 ? (fields[0], fields[1], fields[2]) : (0, fields[0], fields[1])
        return Self.milliseconds(hours, minutes, seconds, fraction.value * scale)
    }

    private static func milliseconds(_ hours: Int64, _ minutes: Int64, _ seconds: Int64, _ millis: Int64) -> Int64? {
        guard minutes <= 59, seconds <= 59 else { return nil }
        return ((hours * 60 + minutes) * 60 + seconds) * 1000 + millis
    }
}
