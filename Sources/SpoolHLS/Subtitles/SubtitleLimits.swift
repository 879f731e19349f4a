/// Bounds on what a subtitle file may make a parser hold. Subtitle files are untrusted input (an
/// HLS subtitle segment comes from a server), so exceeding a bound is an error rather than
/// unbounded memory or time.
///
/// The defaults are far above real files: a three-hour film's SRT file is about 200 KB and
/// 2,000 cues.
public struct SubtitleLimits: Sendable, Equatable {
    /// The largest file accepted, in bytes. Default 8 MiB.
    public var maxBytes: Int
    /// The most cues a file may hold. Default 100,000.
    public var maxCues: Int
    /// The longest line accepted, in bytes. Default 64 KiB.
    public var maxLineLength: Int

    /// Limits with explicit values; every parameter defaults to the documented default.
    public init(maxBytes: Int = 8 << 20, maxCues: Int = 100_000, maxLineLength: Int = 64 << 10) {
        self.maxBytes = maxBytes
        self.maxCues = maxCues
        self.maxLineLength = maxLineLength
    }

    /// The defaults: 8 MiB, 100,000 cues, 64 KiB lines.
    public static let `default` = SubtitleLimits()

    /// Which limit a file exceeded, with the limit's value.
    public enum Limit: Sendable, Equatable, CustomStringConvertible {
        /// The file is larger than `maxBytes`.
        case bytes(Int)
        /// The file has more than `maxCues` cues.
        case cues(Int)
        /// A line is longer than `maxLineLength`.
        case lineLength(Int)

        /// "file larger than 8388608 bytes" and the like.
        public var description: String {
            switch self {
            case .bytes(let limit): "file larger than \(limit) bytes"
            case .cues(let limit): "more than \(limit) cues"
            case .lineLength(let limit): "line longer than \(limit) bytes"
            }
        }
    }
}
