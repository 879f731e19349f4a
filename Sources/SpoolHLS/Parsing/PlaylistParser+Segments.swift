import Foundation
import SpoolCore

/// Media playlist tags that apply to the next segment (or to every following one), and the
/// segment's URI line that completes it.
extension PlaylistParser {
    /// EXTINF:<duration>,[<title>]. The comma is tolerated when missing.
    mutating func handleExtinf(_ value: Range<Int>) throws(PlaylistParseError) {
        if let pending = media.pendingInfo {
            throw PlaylistParseError(line: pending.line, problem: .missingURI(tag: "EXTINF"))
        }
        var comma = value.lowerBound
        while comma < value.upperBound, bytes[comma] != UInt8(ascii: ",") { comma += 1 }
        let durationRange = value.lowerBound..<comma
        guard let duration = ValueParser.decimalTime(bytes[durationRange], signed: true) else {
            throw failure(
                .invalidTagValue(
                    tag: "EXTINF", expected: .decimalFloat, found: String(decoding: bytes[durationRange], as: UTF8.self)
                ))
        }
        guard duration >= .zero else { throw failure(.negativeDuration(tag: "EXTINF")) }
        var title: String?
        if comma + 1 < value.upperBound {
            let text = String(decoding: bytes[(comma + 1)..<value.upperBound], as: UTF8.self)
            try checkLength(text.utf8.count)
            title = text.trimmingCharacters(in: .whitespaces)
            if title?.isEmpty == true { title = nil }
        }
        media.pendingInfo = (duration, title, line)
    }

    /// A URI line in a media playlist: completes the segment EXTINF began.
    mutating func handleSegmentURI(_ range: Range<Int>) throws(PlaylistParseError) {
        guard media.pendingInfo != nil else {
            throw failure(.unexpectedURI(String(decoding: bytes[range], as: UTF8.self)))
        }
        try media.completeSegment(uri: uriLine(range), line: line)
    }

    /// EXT-X-KEY: METHOD=NONE ends every key; otherwise the key replaces the one of its KEYFORMAT.
    mutating func handleKey(_ value: Range<Int>) throws(PlaylistParseError) {
        let list = try attributes("EXT-X-KEY", value)
        if let method = list.attribute("METHOD"), !method.isQuoted {
            if method.value == "NONE" {
                media.keys = []
                return
            }
            guard EncryptionKey.Method(rawValue: method.value) != nil else {
                let names = ["NONE"] + EncryptionKey.Method.allCases.map(\.rawValue)
                throw list.invalid(method, expected: .enumeratedString(names))
            }
        }
        media.setKey(try encryptionKey(list))
    }

    /// The key an EXT-X-KEY or EXT-X-SESSION-KEY describes (METHOD other than NONE).
    mutating func encryptionKey(_ list: AttributeList) throws(PlaylistParseError) -> EncryptionKey {
        let method = try list.required(list.enumeration("METHOD", as: EncryptionKey.Method.self), "METHOD")
        let keyFormat = try list.quotedString("KEYFORMAT") ?? EncryptionKey.identityFormat
        let uri = try uriAttribute(list, "URI", checkingPolicy: keyFormat == EncryptionKey.identityFormat)
        var versions = [1]
        if let attribute = list.attribute("KEYFORMATVERSIONS") {
            let parsed = try list.quotedString("KEYFORMATVERSIONS")?.split(separator: "/").map {
                ValueParser.decimalInteger(Array($0.utf8)[...])
            }
            guard let parsed, !parsed.isEmpty, parsed.allSatisfy({ $0 != nil }) else {
                throw list.invalid(attribute, expected: .format("slash-separated decimal-integers"))
            }
            versions = parsed.compactMap { $0 }
        }
        return EncryptionKey(
            method: method, uri: try list.required(uri, "URI"), iv: try list.hexadecimal("IV", bits: 128),
            keyFormat: keyFormat, keyFormatVersions: versions)
    }

    /// EXT-X-MAP: the initialization section for every following segment.
    mutating func handleMap(_ value: Range<Int>) throws(PlaylistParseError) {
        let list = try attributes("EXT-X-MAP", value)
        let uri = try list.required(uriAttribute(list, "URI"), "URI")
        let range = try list.byteRange("BYTERANGE").map { ByteRange(offset: $0.offset ?? 0, length: $0.length) }
        media.map = MediaInitializationSection(uri: uri, byteRange: range, keys: media.keys)
    }

    /// EXT-X-BITRATE:<kbps>, stored in bits per second.
    mutating func handleBitrate(_ value: Range<Int>) throws(PlaylistParseError) {
        media.bitrate = try tagValue("EXT-X-BITRATE", value, .decimalInteger) { bytes in
            ValueParser.decimalInteger(bytes).flatMap { kilobits in
                let (bits, overflow) = kilobits.multipliedReportingOverflow(by: 1000)
                return overflow ? nil : bits
            }
        }
    }

    /// EXT-X-PART: a partial segment of the segment being described.
    mutating func handlePart(_ value: Range<Int>) throws(PlaylistParseError) {
        let list = try attributes("EXT-X-PART", value)
        try media.addPart(
            uri: try list.required(uriAttribute(list, "URI"), "URI"),
            duration: try list.required(list.time("DURATION"), "DURATION"),
            isIndependent: try list.flag("INDEPENDENT") ?? false,
            range: try list.byteRange("BYTERANGE", allowsUnquoted: true),
            isGap: try list.flag("GAP") ?? false, line: line)
    }
}
