import Spool
import SpoolMedia

/// The text cues given to a `SubtitleRenderer`, kept so the libass track can be rebuilt
/// when the frame, the style or the margin changes (every event's margins and position are
/// in frame pixels).
struct TextCueTrack {
    struct Entry {
        var cue: LegibleCue
        /// The cue's text as ASS (FFmpeg's conversion, done once).
        var assText: String
    }

    private(set) var entries: [Entry] = []
    private var keys: Set<LegibleCue> = []

    /// Adds a cue unless the same cue is already held (a cue the player delivers again after
    /// a seek must not be drawn twice). Returns the new entry, or nil for a repeat or a cue
    /// that ends before it starts.
    mutating func add(_ cue: LegibleCue, assText: String) -> Entry? {
        guard cue.end > cue.start, !keys.contains(cue) else { return nil }
        keys.insert(cue)
        let entry = Entry(cue: cue, assText: assText)
        entries.append(entry)
        return entry
    }

    /// Forgets the cues that ended at or before `time` when at least `minimum` have (each
    /// removal costs a rebuild of the libass track, so it is done in batches); returns
    /// whether any was removed.
    mutating func removeEnded(before time: MediaTime, minimum: Int) -> Bool {
        let kept = entries.filter { $0.cue.end > time }
        guard entries.count - kept.count >= max(minimum, 1) else { return false }
        entries = kept
        keys = Set(kept.map(\.cue))
        return true
    }

    /// Forgets every cue.
    mutating func removeAll() {
        entries = []
        keys = []
    }

    /// The Matroska-form event lines for `entry` (two for a raised or depressed edge, one
    /// per layer), numbered from `readOrder`.
    static func eventLines(
        for entry: Entry, style: CaptionStyle, frame: OverlaySize, bottomMargin: Int, sideMargin: Int,
        readOrder: inout Int
    ) -> [String] {
        let layout = WebVTTCueLayout(
            settings: entry.cue.settings, frame: frame, lineHeight: style.fontSize(forVideoHeight: frame.height),
            bottomMargin: bottomMargin, sideMargin: sideMargin)
        var lines: [String] = []
        for (layer, edge) in style.edgePassOverrides(frameHeight: frame.height).enumerated() {
            lines.append(
                "\(readOrder),\(layer),Default,,\(layout.marginLeft),\(layout.marginRight),\(layout.marginVertical),,"
                    + "{\(layout.overrideTags)\(edge)}\(entry.assText)")
            readOrder += 1
        }
        return lines
    }
}

extension MediaTime {
    /// Whole milliseconds (libass's clock), rounded; 0 for a time that is not numeric.
    var libassMilliseconds: Int64 {
        let converted = convertScale(1000)
        return converted.isNumeric ? converted.value : 0
    }
}
