import SpoolCore

/// Reads the value of `X-TIMESTAMP-MAP=`: comma-separated `MPEGTS:<ticks>` and
/// `LOCAL:<WebVTT timestamp>`, in either order, both required; other keys are ignored.
enum WebVTTTimestampMapParser {
    /// The map, or `nil` when a required key is missing or a value is malformed.
    static func parse(_ bytes: [UInt8], _ value: Range<Int>) -> WebVTTTimestampMap? {
        var mpegts: Int64?
        var local: Int64?
        var index = value.lowerBound
        while index <= value.upperBound {
            var end = index
            while end < value.upperBound, bytes[end] != 0x2C { end += 1 }
            let field = SubtitleLine.trimmingSpace(bytes, index..<end)
            index = end + 1
            guard let colon = field.first(where: { bytes[$0] == 0x3A }) else { return nil }
            let key = bytes[field.lowerBound..<colon]
            var scanner = TimestampScanner(bytes: bytes, index: colon + 1, end: field.upperBound)
            if key.elementsEqual("MPEGTS".utf8) {
                // 33-bit timestamps need 11 digits; allow a few more, never enough to overflow.
                guard let ticks = scanner.digits(maxDigits: 15), scanner.index == field.upperBound else { return nil }
                mpegts = ticks.value
            } else if key.elementsEqual("LOCAL".utf8) {
                guard let time = scanner.timestamp(.webVTT), scanner.index == field.upperBound else { return nil }
                local = time
            }
        }
        guard let mpegts, let local else { return nil }
        return WebVTTTimestampMap(mpegts: mpegts, local: MediaTime(value: local, timescale: 1000))
    }
}
