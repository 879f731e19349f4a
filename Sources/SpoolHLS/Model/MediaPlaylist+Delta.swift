import SpoolCore

/// What a playlist delta update may leave out (`_HLS_skip`, RFC 8216bis 6.2.5.1).
public enum DeltaUpdateRequest: String, Sendable, Equatable {
    /// `_HLS_skip=YES`: segments older than the skip boundary.
    case segments = "YES"
    /// `_HLS_skip=v2`: those segments and the date ranges that came before them.
    case segmentsAndDateRanges = "v2"
}

extension MediaPlaylist {
    /// The delta update to ask for when reloading this playlist, last loaded `age` ago:
    /// only when the server offers delta updates (CAN-SKIP-UNTIL) and this copy is younger
    /// than half the skip boundary (RFC 8216bis 6.2.5.1: an older copy may lack segments the
    /// update would skip). `nil` otherwise.
    public func deltaUpdateRequest(age: Duration) -> DeltaUpdateRequest? {
        guard isLive, let control = serverControl, let boundary = control.canSkipUntil, boundary.isNumeric,
            boundary > .zero, age.timeInterval < boundary.seconds / 2
        else { return nil }
        return control.canSkipDateRanges ? .segmentsAndDateRanges : .segments
    }

    /// This playlist made whole when it is a delta update (EXT-X-SKIP): the segments it
    /// skipped, taken from `previous`, followed by its own, on one timeline starting at zero
    /// (a delta update's own timeline starts at its first listed segment). With
    /// `skippedDateRanges` (the update was asked for with `v2`), `previous`'s date ranges
    /// that this one neither lists nor says were removed are kept. A playlist without
    /// EXT-X-SKIP is returned as it is. `nil` when `previous` lacks a skipped segment: the
    /// caller must then load the playlist whole.
    public func applyingDelta(to previous: MediaPlaylist, skippedDateRanges: Bool) -> MediaPlaylist? {
        guard let skip else { return self }
        let firstSkipped = mediaSequence
        guard skip.skippedSegments > 0 else { return removingSkip(segments: segments, dateRanges: dateRanges) }
        guard let start = previous.segments.firstIndex(where: { $0.mediaSequence == firstSkipped }),
            previous.segments.count - start >= skip.skippedSegments
        else { return nil }
        let skipped = previous.segments[start..<(start + skip.skippedSegments)]
        guard skipped.last?.mediaSequence == firstSkipped + skip.skippedSegments - 1, let first = skipped.first,
            let last = skipped.last
        else { return nil }
        let base = first.startTime
        let shift = last.endTime - base
        let merged =
            skipped.map { $0.moved(by: .zero - base) } + segments.map { $0.moved(by: shift) }
        var ranges = dateRanges
        if skippedDateRanges {
            let listed = Set(dateRanges.map(\.id))
            let removed = Set(skip.recentlyRemovedDateRanges)
            ranges = previous.dateRanges.filter { !listed.contains($0.id) && !removed.contains($0.id) } + dateRanges
        }
        return removingSkip(segments: merged, dateRanges: ranges)
    }

    /// This playlist with `segments` and `dateRanges`, and no EXT-X-SKIP.
    private func removingSkip(segments: [MediaSegment], dateRanges: [DateRange]) -> MediaPlaylist {
        var whole = self
        whole.segments = segments
        whole.dateRanges = dateRanges
        whole.skip = nil
        return whole
    }
}

extension MediaSegment {
    /// The same segment, `offset` later on its playlist's timeline.
    func moved(by offset: MediaTime) -> MediaSegment {
        MediaSegment(
            uri: uri, duration: duration, title: title, mediaSequence: mediaSequence,
            discontinuitySequence: discontinuitySequence, startTime: startTime + offset,
            isDiscontinuity: isDiscontinuity, byteRange: byteRange, keys: keys, map: map,
            programDateTime: programDateTime, isGap: isGap, bitrate: bitrate, parts: parts)
    }
}
