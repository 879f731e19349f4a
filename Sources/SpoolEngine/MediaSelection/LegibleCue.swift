public import SpoolCore

/// One subtitle cue delivered to a `PlayerItemLegibleOutput`: text, or pictures of a bitmap
/// subtitle track (`bitmap`), to show from `start` to `end` on the item's timeline (the times
/// `Player.currentTime()` reports).
public struct LegibleCue: Sendable, Hashable {
    /// When the cue appears, on the item's timeline.
    public var start: MediaTime
    /// When it disappears; never before `start`.
    public var end: MediaTime
    /// The text, lines joined with "\n", markup (`<i>`, `<c.x>`) kept as written.
    public var text: String
    /// WebVTT cue settings as written (`line`, `position`, `align`…); empty for SRT.
    public var settings: [String: String]
    /// For a subtitle track inside the file: the cue as FFmpeg's decoder gives it to a
    /// renderer (ASS events and the script header they refer to); `nil` for sidecar files
    /// and HLS renditions. `text` is then the events' text without override tags.
    public var ass: ASS?
    /// For a bitmap subtitle track inside the file (PGS, DVD, DVB): its pictures, placed by
    /// their author on a presentation of `Bitmap.referenceSize`; `nil` for text cues. `text`
    /// is then empty and `ass` `nil`.
    public var bitmap: Bitmap?

    /// A cue as an ASS renderer (libass) draws it.
    public struct ASS: Sendable, Hashable {
        /// The script header: `[Script Info]`, `[V4+ Styles]` and the `[Events]` Format line.
        /// An ASS/SSA track's own (its styles); FFmpeg's default header for other codecs.
        public var header: String
        /// The dialogue events, Matroska's form: "ReadOrder,Layer,Style,Name,MarginL,MarginR,
        /// MarginV,Effect,Text" (no Start/End: the cue's times).
        public var events: [String]
        /// Whether `header` holds the author's styles (an ASS/SSA track), which a renderer
        /// should draw as they are rather than in the user's caption style.
        public var hasOwnStyles: Bool

        /// A cue's ASS form.
        public init(header: String, events: [String], hasOwnStyles: Bool) {
            self.header = header
            self.events = events
            self.hasOwnStyles = hasOwnStyles
        }
    }

    /// A cue.
    public init(start: MediaTime, end: MediaTime, text: String, settings: [String: String] = [:], ass: ASS? = nil) {
        self.start = start
        self.end = end
        self.text = text
        self.settings = settings
        self.ass = ass
    }

    /// A bitmap cue: `bitmap`'s pictures from `start` to `end`, no text.
    public init(start: MediaTime, end: MediaTime, bitmap: Bitmap) {
        self.init(start: start, end: end, text: "")
        self.bitmap = bitmap
    }
}
