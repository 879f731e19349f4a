import SpoolCore

/// Ends bitmap subtitle cues the way their streams mean them (pure; `EmbeddedCueFeed` drives
/// it): a bitmap subtitle stays on screen until the next subtitle of its stream replaces or
/// clears it, or until its own end if it states an earlier one (DVD's stop command, DVB's page
/// timeout). PGS states none: its display sets end only with the next one, often an empty
/// composition that just clears.
///
/// Guarantees: a cue with pictures is returned once, with `end` the earliest of its own end
/// and the next subtitle's start, and only when that end is known; a cue that would end
/// before it starts is dropped; a subtitle without pictures is never returned.
struct BitmapCueHold {
    /// How long a cue without a stated end shows when its stream ends with no subtitle after
    /// it and no stream end is known.
    static let longestOpenEnd = MediaTime(value: 5, timescale: 1)

    /// The cue showing now, whose end is not settled yet.
    private(set) var held: LegibleCue?

    /// Takes the next subtitle of the stream (a clear when `cue.bitmap` has no images) and
    /// returns the held cue it ends, if any.
    mutating func take(_ cue: LegibleCue) -> LegibleCue? {
        let ended = held.flatMap { Self.ending($0, at: cue.start) }
        held = cue.bitmap?.images.isEmpty == false ? cue : nil
        return ended
    }

    /// The held cue when the stream has reached `time` (a packet's time) and the cue's own
    /// end is not after it: nothing later can change it.
    mutating func settled(at time: MediaTime) -> LegibleCue? {
        guard let cue = held, cue.end.isNumeric, time.isNumeric, time >= cue.end else { return nil }
        held = nil
        return cue
    }

    /// The held cue at the end of the stream, ended by `streamEnd` (when numeric and later
    /// than its start) or after `longestOpenEnd`.
    mutating func finish(streamEnd: MediaTime) -> LegibleCue? {
        guard let cue = held else { return nil }
        held = nil
        let fallback =
            streamEnd.isNumeric && streamEnd > cue.start ? streamEnd : cue.start + Self.longestOpenEnd
        return Self.ending(cue, at: fallback)
    }

    /// Forgets the held cue (a seek).
    mutating func reset() { held = nil }

    private static func ending(_ cue: LegibleCue, at time: MediaTime) -> LegibleCue? {
        var ended = cue
        if !ended.end.isNumeric || time < ended.end { ended.end = time }
        return ended.end > ended.start ? ended : nil
    }
}
