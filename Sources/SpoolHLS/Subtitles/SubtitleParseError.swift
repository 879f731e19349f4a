/// Why a subtitle file was rejected, and on which line.
///
/// `line` is the 1-based line number (a byte order mark is not a line; CR, LF and CRLF each end
/// a line) or `nil` for a problem of the file as a whole.
public struct SubtitleParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The 1-based line the problem was found on, or `nil` for the file as a whole.
    public let line: Int?
    /// What was wrong.
    public let problem: Problem

    /// An error for `problem` on `line`.
    public init(line: Int?, problem: Problem) {
        self.line = line
        self.problem = problem
    }

    /// "line 7: invalid cue timing …" or "file: …".
    public var description: String {
        let place = line.map { "line \($0)" } ?? "file"
        return "\(place): \(problem)"
    }

    /// The problems a subtitle file can have.
    public enum Problem: Sendable, Equatable, CustomStringConvertible {
        /// A WebVTT file whose first line is not `WEBVTT` (optionally followed by a space or tab
        /// and anything).
        case missingSignature
        /// A size or count limit was exceeded.
        case limitExceeded(SubtitleLimits.Limit)
        /// A line holding `-->` where a cue timing line belongs, whose timestamps do not parse.
        case invalidTiming(String)
        /// A cue timing line whose end is earlier than its start.
        case endBeforeStart(String)
        /// A WebVTT block that is neither a cue nor a NOTE, STYLE or REGION block: its first
        /// line (an identifier) is not followed by a timing line.
        case missingTiming(String)
        /// An `X-TIMESTAMP-MAP` header without a valid `MPEGTS` and `LOCAL` pair.
        case invalidTimestampMap(String)
        /// An SRT file with text but not a single cue.
        case noCues

        /// One line describing the problem.
        public var description: String {
            switch self {
            case .missingSignature: "does not start with WEBVTT"
            case .limitExceeded(let limit): "limit exceeded: \(limit)"
            case .invalidTiming(let line): "invalid cue timing \(Self.excerpt(line))"
            case .endBeforeStart(let line): "cue ends before it starts: \(Self.excerpt(line))"
            case .missingTiming(let line): "\(Self.excerpt(line)) is not followed by a cue timing line"
            case .invalidTimestampMap(let line): "invalid X-TIMESTAMP-MAP \(Self.excerpt(line))"
            case .noCues: "no subtitle cue found"
            }
        }

        /// The value quoted, shortened to 60 characters so a message stays one short line.
        static func excerpt(_ value: String) -> String {
            let short = value.count > 60 ? value.prefix(57) + "..." : Substring(value)
            return "\"" + short.filter { !$0.isNewline } + "\""
        }
    }
}
