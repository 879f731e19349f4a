public import Spool

/// A native ASS/SSA subtitle track as a container carries it (Matroska's S_TEXT/ASS, MP4's
/// and FFmpeg's `ass` codec): the script header and its events. Drawn with its own styles;
/// `CaptionStyle` does not apply.
public struct ASSSubtitleTrack: Sendable, Hashable {
    /// The codec private data: `[Script Info]`, the styles and the `[Events]` Format line.
    /// Dialogue lines in it (a whole .ass file) are read too.
    public var header: String
    /// The events carried as packets.
    public var events: [ASSSubtitleEvent]

    /// A track.
    public init(header: String, events: [ASSSubtitleEvent] = []) {
        self.header = header
        self.events = events
    }
}

/// One event of an `ASSSubtitleTrack`: a packet of an ASS stream.
public struct ASSSubtitleEvent: Sendable, Hashable {
    /// When it appears, on the item's timeline.
    public var start: MediaTime
    /// When it disappears.
    public var end: MediaTime
    /// The packet's text, Matroska's form: "ReadOrder,Layer,Style,Name,MarginL,MarginR,
    /// MarginV,Effect,Text" (FFmpeg's `ass` decoder output; no Start/End fields).
    public var line: String

    /// An event.
    public init(start: MediaTime, end: MediaTime, line: String) {
        self.start = start
        self.end = end
        self.line = line
    }
}
