public import SpoolCore

/// One subtitle cue: text shown from `start` to `end`.
///
/// Times are exact milliseconds (`MediaTime(value: ms, timescale: 1000)`) on the subtitle
/// file's own timeline; `end` is never earlier than `start`.
public struct SubtitleCue: Sendable, Equatable {
    /// The cue identifier (a WebVTT cue's identifier line, an SRT cue's index), if it had one.
    public var identifier: String?
    /// When the cue appears.
    public var start: MediaTime
    /// When the cue disappears.
    public var end: MediaTime
    /// The payload's lines joined with "\n", markup (`<i>`, `<c.x>`, `{\an8}`) kept as written.
    public var text: String
    /// WebVTT cue settings as written after the end time (`line`, `position`, `size`, `align`,
    /// `vertical`, `region`…), name to value, values not interpreted; empty for SRT. When a
    /// name is repeated the last value wins.
    public var settings: [String: String]

    /// A cue with every field given.
    public init(
        identifier: String? = nil, start: MediaTime, end: MediaTime, text: String, settings: [String: String] = [:]
    ) {
        self.identifier = identifier
        self.start = start
        self.end = end
        self.text = text
        self.settings = settings
    }

    /// The same cue moved by `offset` (for example `WebVTTTimestampMap.offset`, to place an HLS
    /// subtitle segment's cues on the media timeline).
    public func shifted(by offset: MediaTime) -> SubtitleCue {
        var cue = self
        cue.start = start + offset
        cue.end = end + offset
        return cue
    }
}
