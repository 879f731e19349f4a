public import SpoolCore

/// Where low-latency playback is in a live playlist: the next partial segment to fetch,
/// as part `part` of media segment `mediaSequence` (numbered as in `_HLS_msn`/`_HLS_part`).
public struct PartCursor: Sendable, Equatable, CustomStringConvertible {
    /// The media sequence number of the segment the part belongs to.
    public var mediaSequence: Int
    /// The part's index within its segment, from 0.
    public var part: Int

    /// A cursor at part `part` of segment `mediaSequence`.
    public init(mediaSequence: Int, part: Int) {
        self.mediaSequence = mediaSequence
        self.part = part
    }

    /// "msn.part", as the request log shows it.
    public var description: String { "\(mediaSequence).\(part)" }
}

/// What to fetch for a `PartCursor` in one playlist.
public enum LowLatencyFetch: Sendable, Equatable {
    /// A whole listed segment, at `index` in `segments`: the cursor is at its start, so its
    /// parts are not needed one by one (one request instead of several).
    case segment(index: Int)
    /// One partial segment, starting at `start` on the playlist's timeline; `segmentIndex` is
    /// its segment's index in `segments`, `nil` for a part of the segment still in production.
    case part(PartialSegment, start: MediaTime, segmentIndex: Int?)
    /// The part is not listed yet: a blocking reload asks for it.
    case notListed
    /// The cursor's segment left the playlist's window: start again at the live edge.
    case fellBehind
}

extension MediaPlaylist {
    /// Whether this is a live playlist with partial segments (EXT-X-PART-INF).
    public var hasPartialSegments: Bool { isLive && partTargetDuration != nil }

    /// Where the newest listed part ends, on the playlist's timeline: the live edge that
    /// PART-HOLD-BACK is counted from.
    public var partEdge: MediaTime {
        trailingParts.reduce(duration) { $0 + $1.duration }
    }

    /// The cursor to start low-latency playback at: the last independent part (or segment
    /// start) at least `holdBack` before `partEdge` — PART-HOLD-BACK when the server gives it,
    /// else three part target durations (RFC 8216bis 4.4.3.8 and 6.3.3). `nil` without parts.
    public func lowLatencyStart(holdBack: MediaTime? = nil) -> PartCursor? {
        guard let partTarget = partTargetDuration else { return nil }
        let distance = holdBack ?? serverControl?.partHoldBack ?? partTarget * 3
        let latest = partEdge - distance
        var best: PartCursor?
        for (cursor, part, start) in listedParts() where part.isIndependent || cursor.part == 0 {
            if start > latest { break }
            best = cursor
        }
        if best == nil, let first = segments.first {
            best = PartCursor(mediaSequence: first.mediaSequence, part: 0)
        }
        return best
    }

    /// What to fetch at `cursor`. A cursor at the end of a segment's parts moves on to the
    /// next segment's first part (the count of a segment's parts is known only once it is
    /// listed whole); a cursor at a segment start fetches the whole segment when it is listed.
    public func lowLatencyFetch(at cursor: inout PartCursor) -> LowLatencyFetch {
        guard let first = segments.first else {
            return trailingPart(at: cursor)
        }
        if cursor.mediaSequence < first.mediaSequence { return .fellBehind }
        let index = cursor.mediaSequence - first.mediaSequence
        guard index < segments.count else { return trailingPart(at: cursor) }
        let segment = segments[index]
        if cursor.part == 0 { return .segment(index: index) }
        guard cursor.part < segment.parts.count else {
            // Every part of it fetched (or its parts aged out of the playlist: the rest of it
            // cannot be asked for part by part, and the next segment is what plays next).
            cursor = PartCursor(mediaSequence: cursor.mediaSequence + 1, part: 0)
            return lowLatencyFetch(at: &cursor)
        }
        let start = segment.parts[..<cursor.part].reduce(segment.startTime) { $0 + $1.duration }
        return .part(segment.parts[cursor.part], start: start, segmentIndex: index)
    }

    /// A part of the segment in production, or `notListed`.
    private func trailingPart(at cursor: PartCursor) -> LowLatencyFetch {
        guard cursor.mediaSequence == nextMediaSequence, cursor.part < trailingParts.count else { return .notListed }
        let start = trailingParts[..<cursor.part].reduce(duration) { $0 + $1.duration }
        return .part(trailingParts[cursor.part], start: start, segmentIndex: nil)
    }

    /// Every listed part in order, with its cursor and start time.
    private func listedParts() -> [(PartCursor, PartialSegment, MediaTime)] {
        var result: [(PartCursor, PartialSegment, MediaTime)] = []
        for segment in segments {
            var start = segment.startTime
            for (index, part) in segment.parts.enumerated() {
                result.append((PartCursor(mediaSequence: segment.mediaSequence, part: index), part, start))
                start = start + part.duration
            }
        }
        var start = duration
        for (index, part) in trailingParts.enumerated() {
            result.append((PartCursor(mediaSequence: nextMediaSequence, part: index), part, start))
            start = start + part.duration
        }
        return result
    }
}
