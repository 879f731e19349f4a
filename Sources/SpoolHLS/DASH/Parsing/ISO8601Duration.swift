/// Parses the xs:duration values MPDs use (`PT1H2M3.5S`, `P1DT12H`, `PT0S`): days, hours,
/// minutes and seconds, the seconds with a fraction. Years and months (`P1Y`, `P2M`) have no
/// fixed length and are refused, as are negative durations and ones over 100 years.
enum ISO8601Duration {
    /// The longest duration accepted: 100 years, in seconds.
    static let maximumSeconds = 100.0 * 365.25 * 86_400

    /// The duration in seconds, or `nil` when `text` is not such a duration.
    static func seconds(_ text: String) -> Double? {
        var rest = Substring(text.trimmingWhitespace)
        guard rest.first == "P" else { return nil }
        rest = rest.dropFirst()
        var total = 0.0
        var inTime = false
        var sawField = false
        var lastUnit = 0
        while !rest.isEmpty {
            if rest.first == "T" {
                guard !inTime else { return nil }
                inTime = true
                rest = rest.dropFirst()
                guard !rest.isEmpty else { return nil }
                continue
            }
            let number = rest.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
            guard !number.isEmpty, number.count <= 20, number.first != ".", let value = Double(number),
                let unit = rest.dropFirst(number.count).first
            else { return nil }
            rest = rest.dropFirst(number.count + 1)
            let (rank, scale): (Int, Double)
            switch (unit, inTime) {
            case ("D", false): (rank, scale) = (1, 86_400)
            case ("H", true): (rank, scale) = (2, 3_600)
            case ("M", true): (rank, scale) = (3, 60)
            case ("S", true): (rank, scale) = (4, 1)
            default: return nil
            }
            guard rank > lastUnit, unit == "S" || !number.contains(".") else { return nil }
            lastUnit = rank
            sawField = true
            total += value * scale
        }
        guard sawField, total.isFinite, total <= maximumSeconds else { return nil }
        return total
    }
}

extension String {
    /// The string without leading and trailing ASCII whitespace.
    var trimmingWhitespace: Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return self[first...last]
    }
}
