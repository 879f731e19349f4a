import Foundation
import SpoolCore

/// EXT-X-DATERANGE, including the client attributes of interstitials.
extension PlaylistParser {
    mutating func handleDateRange(_ value: Range<Int>) throws(PlaylistParseError) {
        try checkCount(media.dateRanges.count, limits.maxMetadataEntries, PlaylistLimits.Limit.metadataEntries)
        let list = try attributes("EXT-X-DATERANGE", value)
        var clientAttributes: [String: DateRange.ClientAttributeValue] = [:]
        for attribute in list.attributes where attribute.name.hasPrefix("X-") {
            clientAttributes[attribute.name] = try clientValue(attribute, in: list)
        }
        let className = try list.quotedString("CLASS")
        let interstitial = className == DateRange.interstitialClass ? try interstitial(list) : nil
        media.dateRanges.append(
            DateRange(
                id: try list.required(list.quotedString("ID"), "ID"), className: className,
                startDate: try list.dateTime("START-DATE"),
                cue: try options(list, "CUE", [("PRE", DateRange.Cue.pre), ("POST", .post), ("ONCE", .once)]),
                endDate: try list.dateTime("END-DATE"), duration: try list.time("DURATION"),
                plannedDuration: try list.time("PLANNED-DURATION"), endsOnNext: try list.flag("END-ON-NEXT") ?? false,
                scte35Command: try list.hexadecimal("SCTE35-CMD"), scte35Out: try list.hexadecimal("SCTE35-OUT"),
                scte35In: try list.hexadecimal("SCTE35-IN"), clientAttributes: clientAttributes,
                interstitial: interstitial))
    }

    /// A client attribute: a quoted-string, a hexadecimal-sequence or a decimal-floating-point.
    private func clientValue(_ attribute: Attribute, in list: AttributeList) throws(PlaylistParseError)
        -> DateRange.ClientAttributeValue
    {
        if attribute.isQuoted { return .string(attribute.value) }
        let bytes = Array(attribute.value.utf8)[...]
        if let hex = ValueParser.hexadecimal(bytes, bits: nil) { return .hexadecimal(hex) }
        if let number = ValueParser.decimalDouble(bytes, signed: true) { return .number(number) }
        throw list.invalid(
            attribute, expected: .format("a quoted-string, hexadecimal-sequence or decimal-floating-point"))
    }

    private mutating func interstitial(_ list: AttributeList) throws(PlaylistParseError) -> Interstitial {
        Interstitial(
            assetURI: try uriAttribute(list, "X-ASSET-URI"), assetList: try uriAttribute(list, "X-ASSET-LIST"),
            resumeOffset: try list.time("X-RESUME-OFFSET", signed: true),
            playoutLimit: try list.time("X-PLAYOUT-LIMIT"),
            restrictions: try options(list, "X-RESTRICT", [("SKIP", Interstitial.Restrictions.skip), ("JUMP", .jump)]),
            snap: try options(list, "X-SNAP", [("OUT", Interstitial.Snap.out), ("IN", .in)]))
    }

    /// A quoted-string attribute holding a comma-separated set of the given words.
    private func options<Options: OptionSet>(
        _ list: AttributeList, _ name: String, _ words: [(String, Options)]
    ) throws(PlaylistParseError) -> Options where Options.Element == Options {
        var result: Options = []
        guard let attribute = list.attribute(name), let values = try list.quotedList(name) else { return result }
        for value in values {
            guard let option = words.first(where: { $0.0 == value })?.1 else {
                throw list.invalid(
                    attribute, expected: .format("a quoted list of " + words.map(\.0).joined(separator: ", ")))
            }
            result.insert(option)
        }
        return result
    }
}
