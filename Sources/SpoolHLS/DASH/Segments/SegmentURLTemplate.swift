/// Expands the identifiers of a `SegmentTemplate` `media`/`initialization`/`index` string
/// (ISO/IEC 23009-1 5.3.9.4.4): `$$`, `$RepresentationID$`, and `$Number$`, `$Time$`,
/// `$Bandwidth$` with an optional `%0Nd` width (N at most 32).
enum SegmentURLTemplate {
    /// The values identifiers expand to.
    struct Values {
        var representationID: String
        var bandwidth: Int64
        var number: Int64?
        var time: Int64?
    }

    /// Throws unless `template` is well formed.
    static func validate(_ template: String, path: String) throws(MPDParseError) {
        _ = try expand(template, Values(representationID: "", bandwidth: 0, number: 0, time: 0), path: path)
    }

    /// `template` with its identifiers replaced.
    static func expand(_ template: String, _ values: Values, path: String) throws(MPDParseError) -> String {
        let invalid = MPDParseError(element: path, problem: .invalidTemplate(template))
        var output = ""
        var rest = Substring(template)
        while let dollar = rest.firstIndex(of: "$") {
            output += rest[..<dollar]
            let afterDollar = rest.index(after: dollar)
            guard let close = rest[afterDollar...].firstIndex(of: "$") else { throw invalid }
            let identifier = rest[afterDollar..<close]
            rest = rest[rest.index(after: close)...]
            if identifier.isEmpty {
                output += "$"
                continue
            }
            let name = identifier.prefix { $0 != "%" }
            let format = identifier.dropFirst(name.count)
            let number: Int64?
            switch name {
            case "RepresentationID":
                guard format.isEmpty else { throw invalid }
                output += values.representationID
                continue
            case "Number": number = values.number
            case "Time": number = values.time
            case "Bandwidth": number = values.bandwidth
            default: throw invalid
            }
            guard let number else { throw invalid }
            output += try formatted(number, format, invalid: invalid)
        }
        return output + rest
    }

    /// `value` in decimal, zero-padded to the width of a `%0Nd` format (`""` for none).
    private static func formatted(_ value: Int64, _ format: Substring, invalid: MPDParseError) throws(MPDParseError)
        -> String
    {
        let digits = String(value)
        guard !format.isEmpty else { return digits }
        guard format.hasPrefix("%0"), format.hasSuffix("d"), format.count >= 4,
            let width = Int(format.dropFirst(2).dropLast()), (1...32).contains(width)
        else { throw invalid }
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
