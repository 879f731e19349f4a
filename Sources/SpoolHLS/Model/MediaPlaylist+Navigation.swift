public import SpoolCore

extension MediaPlaylist {
    /// The sum of the segments' durations (zero without segments). Constant time.
    public var duration: MediaTime {
        segments.last?.endTime ?? .zero
    }

    /// Whether the playlist may still grow: no EXT-X-ENDLIST and not of type VOD.
    public var isLive: Bool {
        !hasEndList && playlistType != .vod
    }

    /// The media sequence number the next segment will have: one past the last listed segment.
    public var nextMediaSequence: Int {
        segments.last.map { $0.mediaSequence + 1 } ?? mediaSequence + (skip?.skippedSegments ?? 0)
    }

    /// The segment to start a live stream at: the last one that starts at least
    /// `count` target durations before the end of the playlist (RFC 8216 section 6.3.3 says a
    /// client should not start closer to the live edge than three target durations), or the first
    /// segment when the playlist is shorter than that. `nil` without segments.
    public func startIndex(forLiveEdgeTargetDurations count: Int = 3) -> Int? {
        guard !segments.isEmpty else { return nil }
        let latestStart = duration - targetDuration * Int64(max(count, 0))
        return lastIndex(startingAtOrBefore: latestStart) ?? 0
    }

    /// The segment to start at for an EXT-X-START offset: the one containing the offset, counted
    /// from the start when positive and from the end when negative, clamped to the playlist.
    /// `nil` without segments.
    public func startIndex(for start: StartPoint) -> Int? {
        guard !segments.isEmpty else { return nil }
        let time = start.timeOffset < .zero ? duration + start.timeOffset : start.timeOffset
        if time <= .zero { return 0 }
        return segmentIndex(containing: time) ?? segments.count - 1
    }

    /// The index of the segment whose `startTime..<endTime` contains `time` (a time on the
    /// playlist's timeline, where the first segment starts at zero), or `nil` when `time` is
    /// before zero or at or after the end. Logarithmic time.
    public func segmentIndex(containing time: MediaTime) -> Int? {
        guard time.isNumeric, time >= .zero, time < duration,
            let index = lastIndex(startingAtOrBefore: time)
        else { return nil }
        return index
    }

    /// The segment containing `time`, as `segmentIndex(containing:)` finds it.
    public func segment(containing time: MediaTime) -> MediaSegment? {
        segmentIndex(containing: time).map { segments[$0] }
    }

    /// The last index whose segment starts at or before `time`, by binary search.
    private func lastIndex(startingAtOrBefore time: MediaTime) -> Int? {
        var low = 0
        var high = segments.count
        while low < high {
            let middle = (low + high) / 2
            if segments[middle].startTime <= time {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low == 0 ? nil : low - 1
    }
}
