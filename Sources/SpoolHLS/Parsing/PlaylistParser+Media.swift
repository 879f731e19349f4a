import Foundation
import SpoolCore

/// Media playlist tags that describe the playlist as a whole, and the low-latency tags.
extension PlaylistParser {
    /// Tags only a media playlist may contain.
    static let mediaTags: Set<String> = [
        "EXTINF", "EXT-X-BYTERANGE", "EXT-X-DISCONTINUITY", "EXT-X-KEY", "EXT-X-MAP", "EXT-X-PROGRAM-DATE-TIME",
        "EXT-X-GAP", "EXT-X-BITRATE", "EXT-X-PART", "EXT-X-DATERANGE", "EXT-X-TARGETDURATION",
        "EXT-X-MEDIA-SEQUENCE", "EXT-X-DISCONTINUITY-SEQUENCE", "EXT-X-ENDLIST", "EXT-X-PLAYLIST-TYPE",
        "EXT-X-I-FRAMES-ONLY", "EXT-X-PART-INF", "EXT-X-SERVER-CONTROL", "EXT-X-SKIP", "EXT-X-PRELOAD-HINT",
        "EXT-X-RENDITION-REPORT",
    ]

    mutating func handleMediaTag(_ name: String, _ value: Range<Int>) throws(PlaylistParseError) {
        switch name {
        case "EXTINF": try handleExtinf(value)
        case "EXT-X-PROGRAM-DATE-TIME":
            media.pendingDate = try tagValue(name, value, .dateTime) { ISO8601DateParser.date($0) }
        case "EXT-X-BYTERANGE":
            media.pendingByteRange = (try tagValue(name, value, .byteRange) { ValueParser.byteRange($0) }, line)
        case "EXT-X-DISCONTINUITY": media.pendingDiscontinuity = true
        case "EXT-X-GAP": media.pendingGap = true
        case "EXT-X-KEY": try handleKey(value)
        case "EXT-X-MAP": try handleMap(value)
        case "EXT-X-BITRATE": try handleBitrate(value)
        case "EXT-X-PART": try handlePart(value)
        case "EXT-X-DATERANGE": try handleDateRange(value)
        case "EXT-X-TARGETDURATION":
            media.targetDuration = try tagValue(name, value, .decimalInteger) {
                ValueParser.decimalTime($0, signed: false)
            }
        case "EXT-X-MEDIA-SEQUENCE":
            try requireBeforeFirstSegment(name)
            media.mediaSequence = try tagValue(name, value, .sequenceNumber) { ValueParser.sequenceNumber($0) }
        case "EXT-X-DISCONTINUITY-SEQUENCE":
            try requireBeforeFirstSegment(name)
            media.discontinuitySequence = try tagValue(name, value, .sequenceNumber) {
                ValueParser.sequenceNumber($0)
            }
        case "EXT-X-ENDLIST": media.hasEndList = true
        case "EXT-X-PLAYLIST-TYPE":
            media.playlistType = try tagValue(name, value, .enumeratedString(PlaylistType.allCases.map(\.rawValue))) {
                PlaylistType(rawValue: String(decoding: $0, as: UTF8.self))
            }
        case "EXT-X-I-FRAMES-ONLY": media.isIFramesOnly = true
        default: try handleLowLatencyTag(name, value)
        }
    }

    private mutating func handleLowLatencyTag(_ name: String, _ value: Range<Int>) throws(PlaylistParseError) {
        let list = try attributes(name, value)
        switch name {
        case "EXT-X-PART-INF":
            media.partTargetDuration = try list.required(list.time("PART-TARGET"), "PART-TARGET")
        case "EXT-X-SERVER-CONTROL":
            media.serverControl = ServerControl(
                canSkipUntil: try list.time("CAN-SKIP-UNTIL"),
                canSkipDateRanges: try list.flag("CAN-SKIP-DATERANGES") ?? false,
                holdBack: try list.time("HOLD-BACK"), partHoldBack: try list.time("PART-HOLD-BACK"),
                canBlockReload: try list.flag("CAN-BLOCK-RELOAD") ?? false)
        case "EXT-X-SKIP":
            try requireBeforeFirstSegment(name)
            media.skip = SkipInformation(
                skippedSegments: try list.required(list.sequenceNumber("SKIPPED-SEGMENTS"), "SKIPPED-SEGMENTS"),
                recentlyRemovedDateRanges: try list.quotedList("RECENTLY-REMOVED-DATERANGES", separator: "\t") ?? [])
        case "EXT-X-PRELOAD-HINT":
            try checkCount(media.preloadHints.count, limits.maxMetadataEntries, PlaylistLimits.Limit.metadataEntries)
            media.preloadHints.append(
                PreloadHint(
                    type: try list.required(list.enumeration("TYPE", as: PreloadHint.HintType.self), "TYPE"),
                    uri: try list.required(uriAttribute(list, "URI"), "URI"),
                    byteRangeStart: try list.decimalInteger("BYTERANGE-START") ?? 0,
                    byteRangeLength: try list.decimalInteger("BYTERANGE-LENGTH")))
        case "EXT-X-RENDITION-REPORT":
            try checkCount(
                media.renditionReports.count, limits.maxMetadataEntries, PlaylistLimits.Limit.metadataEntries)
            media.renditionReports.append(
                RenditionReport(
                    uri: try list.required(uriAttribute(list, "URI"), "URI"),
                    lastMediaSequence: try list.decimalInteger("LAST-MSN"),
                    lastPart: try list.decimalInteger("LAST-PART")))
        default:
            break
        }
    }

    private func requireBeforeFirstSegment(_ tag: String) throws(PlaylistParseError) {
        guard media.isBeforeFirstSegment else { throw failure(.tagAfterFirstSegment(tag: tag)) }
    }
}
