import SpoolCore

/// Which subtitle cues are due, from times alone (pure; the subtitle thread drives it).
///
/// Guarantees: after `reposition(at:)` to T, every cue added that ends after T (or starts at or
/// after it) is returned by `due(at:)` exactly once, in start order, as soon as the playhead
/// reaches its start; a cue repeated in several segments (WebVTT cues spanning a segment
/// boundary are) is returned once.
struct CueSchedule {
    private(set) var pending: [LegibleCue] = []
    /// Cues already returned or pending, by (start, end, text).
    private var seen: Set<LegibleCue> = []
    /// How far the cues added so far cover the timeline.
    private(set) var coveredUntil: MediaTime
    private var floor: MediaTime

    /// A schedule positioned at `time`.
    init(at time: MediaTime) {
        coveredUntil = time
        floor = time
    }

    /// Forgets every cue and starts again at `time` (a seek, a new rendition).
    mutating func reposition(at time: MediaTime) {
        pending.removeAll()
        seen.removeAll()
        coveredUntil = time
        floor = time
    }

    /// Adds the cues of a stretch of the timeline that ends at `end`.
    mutating func add(_ cues: [LegibleCue], coveredUntil end: MediaTime) {
        for cue in cues where cue.end > floor || cue.start >= floor {
            var key = cue
            key.settings = [:]
            guard seen.insert(key).inserted else { continue }
            let index = pending.firstIndex { $0.start > cue.start } ?? pending.endIndex
            pending.insert(cue, at: index)
        }
        if end > coveredUntil { coveredUntil = end }
        pruneSeen()
    }

    /// The cues whose start the playhead has reached, removed from the schedule (all of them
    /// at `positiveInfinity`: untimed playback).
    mutating func due(at playhead: MediaTime) -> [LegibleCue] {
        guard playhead.isNumeric || playhead == .positiveInfinity else { return [] }
        let count = pending.prefix { $0.start <= playhead }.count
        let due = Array(pending.prefix(count))
        pending.removeFirst(count)
        return due
    }

    /// When the next cue starts; `nil` when none is pending.
    var nextStart: MediaTime? { pending.first?.start }

    /// Keeps the duplicate filter small: keys of cues that ended long before what is pending.
    private mutating func pruneSeen() {
        guard seen.count > 4096, let horizon = pending.first?.start ?? Optional(coveredUntil) else { return }
        seen = seen.filter { $0.end >= horizon }
    }
}
