public import Foundation

/// SubRip (`.srt`) subtitle files, for sidecar subtitles of non-HLS media.
public enum SubRip {
    /// Parses an SRT file: cues of an index line, a `00:00:01,000 --> 00:00:02,500` timing line
    /// and text lines, separated by blank lines.
    ///
    /// Guarantees: the result holds every cue in file order with exact millisecond times and
    /// `end >= start`, the index (when there is one) as `identifier`, and the text lines joined
    /// with "\n" with trailing spaces removed; or the call throws an error naming the line.
    /// Tolerated: a byte order mark; CR, LF or CRLF line ends; a missing index; a missing blank
    /// line before the next cue (a line that is a timing line starts a new cue); anything after
    /// the end time (coordinates). Lines outside cues that do not start one (stray text, an
    /// index with no timing line, trailing garbage) are skipped. A file that is not UTF-8 is
    /// read as Latin-1 (older SRT files often are). A line that holds `-->` where a cue starts
    /// but does not parse as a timing line is an error, and so is a file with text but no cue.
    /// Work and memory are linear in the input and bounded by `limits`.
    public static func parse(_ data: Data, limits: SubtitleLimits = .default) throws(SubtitleParseError)
        -> [SubtitleCue]
    {
        guard data.count <= limits.maxBytes else {
            throw SubtitleParseError(line: nil, problem: .limitExceeded(.bytes(limits.maxBytes)))
        }
        var bytes = [UInt8](data)
        if SubtitleLines.hasByteOrderMark(bytes) { bytes.removeFirst(3) }
        if String(validating: bytes, as: UTF8.self) == nil { bytes = latin1ToUTF8(bytes) }
        var parser = SubRipParser(bytes: bytes, limits: limits)
        return try parser.parse()
    }

    /// Latin-1 bytes as UTF-8: each byte is the code point of the same value.
    private static func latin1ToUTF8(_ bytes: [UInt8]) -> [UInt8] {
        var utf8: [UInt8] = []
        utf8.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            if byte < 0x80 {
                utf8.append(byte)
            } else {
                utf8.append(0xC0 | (byte >> 6))
                utf8.append(0x80 | (byte & 0x3F))
            }
        }
        return utf8
    }
}
