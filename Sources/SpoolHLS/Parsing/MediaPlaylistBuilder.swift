import Foundation
import SpoolCore

/// The state of a media playlist being parsed: playlist-level values, the tags seen since the
/// last segment (which apply to the next one), and the state that carries from segment to
/// segment (keys, map, bitrate, byte-range continuation, date extrapolation).
struct MediaPlaylistBuilder {
    /// A byte range as written: the offset may be left out.
    typealias WrittenRange = (length: Int, offset: Int?)

    let limits: PlaylistLimits

    // Playlist-level tags.
    var targetDuration: MediaTime?
    var mediaSequence = 0
    var discontinuitySequence = 0
    var playlistType: PlaylistType?
    var hasEndList = false
    var isIFramesOnly = false
    var partTargetDuration: MediaTime?
    var serverControl: ServerControl?
    var skip: SkipInformation?
    var preloadHints: [PreloadHint] = []
    var renditionReports: [RenditionReport] = []
    var dateRanges: [DateRange] = []
    private(set) var segments: [MediaSegment] = []

    // Tags that apply to the next segment.
    var pendingInfo: (duration: MediaTime, title: String?, line: Int)?
    var pendingByteRange: (range: WrittenRange, line: Int)?
    var pendingDiscontinuity = false
    var pendingGap = false
    var pendingDate: Date?
    private(set) var pendingParts: [PartialSegment] = []

    // State carried to every following segment.
    var keys: [EncryptionKey] = []
    var map: MediaInitializationSection?
    var bitrate: Int?
    private var discontinuities = 0
    private var elapsed = MediaTime.zero
    private var segmentRangeEnd: (uri: URL, end: Int)?
    private var partRangeEnd: (uri: URL, end: Int)?
    private var dateAnchor: (date: Date, time: MediaTime)?
    private var firstDatedIndex: Int?
    private var storedCount = 0

    init(limits: PlaylistLimits) {
        self.limits = limits
    }

    /// Whether no segment has started yet (for tags that must precede the first one).
    var isBeforeFirstSegment: Bool { segments.isEmpty && pendingInfo == nil && pendingParts.isEmpty }

    /// Makes `key` the key in force for its KEYFORMAT.
    mutating func setKey(_ key: EncryptionKey) {
        if let index = keys.firstIndex(where: { $0.keyFormat == key.keyFormat }) {
            keys[index] = key
        } else {
            keys.append(key)
        }
    }

    /// Adds an EXT-X-PART to the segment being described.
    mutating func addPart(
        uri: URL, duration: MediaTime, isIndependent: Bool, range: WrittenRange?, isGap: Bool, line: Int
    ) throws(PlaylistParseError) {
        try countSegmentOrPart(line: line)
        let byteRange = try resolve(range, of: uri, after: partRangeEnd, tag: "EXT-X-PART", line: line)
        partRangeEnd = byteRange.map { (uri, $0.range.upperBound) }
        pendingParts.append(
            PartialSegment(
                uri: uri, duration: duration, isIndependent: isIndependent, byteRange: byteRange, isGap: isGap))
    }

    /// Completes the segment the pending tags describe, at its URI line.
    mutating func completeSegment(uri: URL, line: Int) throws(PlaylistParseError) {
        guard let info = pendingInfo else {
            throw PlaylistParseError(line: line, problem: .unexpectedURI(uri.absoluteString))
        }
        try countSegmentOrPart(line: line)
        var byteRange: ByteRange?
        if let pendingByteRange {
            byteRange = try resolve(
                pendingByteRange.range, of: uri, after: segmentRangeEnd, tag: "EXT-X-BYTERANGE",
                line: pendingByteRange.line)
        }
        segmentRangeEnd = byteRange.map { (uri, $0.range.upperBound) }
        if pendingDiscontinuity { discontinuities += 1 }
        if let pendingDate {
            dateAnchor = (pendingDate, elapsed)
            if firstDatedIndex == nil { firstDatedIndex = segments.count }
        }
        let date = pendingDate ?? dateAnchor.map { $0.date.addingTimeInterval((elapsed - $0.time).seconds) }
        segments.append(
            MediaSegment(
                uri: uri, duration: info.duration, title: info.title,
                mediaSequence: mediaSequence + (skip?.skippedSegments ?? 0) + segments.count,
                discontinuitySequence: discontinuitySequence + discontinuities, startTime: elapsed,
                isDiscontinuity: pendingDiscontinuity, byteRange: byteRange, keys: keys, map: map,
                programDateTime: date, isGap: pendingGap, bitrate: bitrate, parts: pendingParts))
        elapsed = elapsed + info.duration
        pendingInfo = nil
        pendingByteRange = nil
        pendingDiscontinuity = false
        pendingGap = false
        pendingDate = nil
        pendingParts = []
    }

    /// The playlist, once every line has been read.
    mutating func build(
        url: URL, version: Int?, hasIndependentSegments: Bool, start: StartPoint?
    ) throws(PlaylistParseError) -> MediaPlaylist {
        var warnings: [PlaylistWarning] = []
        // A last EXTINF without its URI is a segment still being written (a live playlist
        // caught mid-update, or a tool that writes the tag first): the segments before it
        // are good, so only it is dropped. One followed by another segment is still an error.
        if let pendingInfo {
            warnings.append(
                PlaylistWarning(
                    line: pendingInfo.line, message: "EXTINF is not followed by a URI line; the segment is ignored"))
            self.pendingInfo = nil
        }
        guard let targetDuration else { throw PlaylistParseError(line: nil, problem: .missingTargetDuration) }
        backfillDates()
        var playlist = MediaPlaylist(
            url: url, version: version, targetDuration: targetDuration, mediaSequence: mediaSequence,
            discontinuitySequence: discontinuitySequence, playlistType: playlistType, hasEndList: hasEndList,
            isIFramesOnly: isIFramesOnly, hasIndependentSegments: hasIndependentSegments, start: start,
            segments: segments, dateRanges: dateRanges, partTargetDuration: partTargetDuration,
            serverControl: serverControl, skip: skip, trailingParts: pendingParts, preloadHints: preloadHints,
            renditionReports: renditionReports)
        playlist.warnings = warnings
        return playlist
    }

    /// Dates for the segments before the first EXT-X-PROGRAM-DATE-TIME, counted back from it.
    private mutating func backfillDates() {
        guard let first = firstDatedIndex, first > 0, let anchor = segments[first].programDateTime else { return }
        let anchorTime = segments[first].startTime
        for index in 0..<first {
            segments[index].programDateTime = anchor.addingTimeInterval(
                (segments[index].startTime - anchorTime).seconds)
        }
    }

    /// A written range with its offset filled in: a missing offset continues `previous`, which
    /// must be a sub-range of the same resource.
    private func resolve(
        _ range: WrittenRange?, of uri: URL, after previous: (uri: URL, end: Int)?, tag: String, line: Int
    ) throws(PlaylistParseError) -> ByteRange? {
        guard let range else { return nil }
        if let offset = range.offset { return ByteRange(offset: offset, length: range.length) }
        guard let previous, previous.uri == uri else {
            throw PlaylistParseError(line: line, problem: .byteRangeWithoutPrevious(tag: tag))
        }
        return ByteRange(offset: previous.end, length: range.length)
    }

    private mutating func countSegmentOrPart(line: Int) throws(PlaylistParseError) {
        storedCount += 1
        guard storedCount <= limits.maxSegments else {
            throw PlaylistParseError(line: line, problem: .limitExceeded(.segments(limits.maxSegments)))
        }
    }
}
