public import Foundation

/// WebVTT subtitle files (W3C WebVTT), including HLS subtitle segments.
public enum WebVTT {
    /// Parses a WebVTT file.
    ///
    /// Guarantees: the result holds every cue of the file with exact millisecond times and
    /// `end >= start`, and the `X-TIMESTAMP-MAP` header if there is one; or the call throws an
    /// error naming the line and the problem. NOTE, STYLE and REGION blocks and other header
    /// lines are skipped. A cue's payload runs to the next blank line (a line of only spaces
    /// and tabs counts as blank); a `-->` inside it is text and ends nothing. Invalid UTF-8
    /// becomes U+FFFD. Work and memory are linear in the input and bounded by `limits`.
    ///
    /// - Parameters:
    ///   - data: The file's bytes (a leading byte order mark and CR, LF or CRLF line ends are
    ///     accepted).
    ///   - limits: Bounds on the size, the line length and the number of cues.
    public static func parse(_ data: Data, limits: SubtitleLimits = .default) throws(SubtitleParseError)
        -> WebVTTDocument
    {
        guard data.count <= limits.maxBytes else {
            throw SubtitleParseError(line: nil, problem: .limitExceeded(.bytes(limits.maxBytes)))
        }
        var parser = WebVTTParser(bytes: [UInt8](data), limits: limits)
        return try parser.parse()
    }
}
