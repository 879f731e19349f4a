import Foundation
import Spool

/// The JSON `spool probe --json` prints: one object, keys as documented in the usage text.
/// Fields that do not apply are `null` (never omitted) in tracks; metadata lists only
/// the tags present, and artwork only as a summary, never its bytes.
struct ProbeReport: Encodable {
    var duration: Double?
    var isLive: Bool
    var isPlayable: Bool
    var format: String
    var tracks: [Track]
    var metadata: Metadata
    /// The chapters in start order (empty when there are none, and for HLS).
    var chapters: [Chapter] = []
    /// HLS only (absent for other media): the variants and renditions of the multivariant playlist.
    var variants: [StreamVariant]?
    var renditions: [StreamRendition]?
    /// DASH only (absent for other media): the MPD as Spool's own parser reads it.
    var dash: DASH?

    struct Track: Encodable {
        var kind: String
        var codec: String
        var language: String?
        var width: Int?
        var height: Int?
        var frameRate: Double?
        var channels: Int?
        var sampleRate: Int?
        var bitRate: Int?
        var index: Int?
        var title: String?
        var isDefault: Bool
        var isForced: Bool
        /// A video track carrying CEA-608 closed captions (the file's "CC1" subtitle option).
        var hasClosedCaptions: Bool

        private enum CodingKeys: String, CodingKey {
            case kind, codec, language, width, height, frameRate, channels, sampleRate, bitRate, index, title
            case isDefault = "default"
            case isForced = "forced"
            case hasClosedCaptions = "closedCaptions"
        }

        func encode(to encoder: any Encoder) throws {
            // Plain `encode` (not the synthesized `encodeIfPresent`) writes nil as null.
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(kind, forKey: .kind)
            try container.encode(codec, forKey: .codec)
            try container.encode(language, forKey: .language)
            try container.encode(width, forKey: .width)
            try container.encode(height, forKey: .height)
            try container.encode(frameRate, forKey: .frameRate)
            try container.encode(channels, forKey: .channels)
            try container.encode(sampleRate, forKey: .sampleRate)
            try container.encode(bitRate, forKey: .bitRate)
            try container.encode(index, forKey: .index)
            try container.encode(title, forKey: .title)
            try container.encode(isDefault, forKey: .isDefault)
            try container.encode(isForced, forKey: .isForced)
            try container.encode(hasClosedCaptions, forKey: .hasClosedCaptions)
        }
    }

    struct Chapter: Encodable {
        /// `null` when the chapter is untitled.
        var title: String?
        var start: Double
        var end: Double

        private enum CodingKeys: String, CodingKey { case title, start, end }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(title, forKey: .title)
            try container.encode(start, forKey: .start)
            try container.encode(end, forKey: .end)
        }
    }

    struct Metadata: Encodable {
        var title: String?
        var artist: String?
        var album: String?
        var artwork: Artwork?
    }

    struct Artwork: Encodable {
        var mimeType: String?
        var bytes: Int
    }

    private enum CodingKeys: String, CodingKey {
        case duration, isLive, isPlayable, format, tracks, metadata, chapters, variants, renditions, dash
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(duration, forKey: .duration)
        try container.encode(isLive, forKey: .isLive)
        try container.encode(isPlayable, forKey: .isPlayable)
        try container.encode(format, forKey: .format)
        try container.encode(tracks, forKey: .tracks)
        try container.encode(metadata, forKey: .metadata)
        try container.encode(chapters, forKey: .chapters)
        try container.encodeIfPresent(variants, forKey: .variants)
        try container.encodeIfPresent(renditions, forKey: .renditions)
        try container.encodeIfPresent(dash, forKey: .dash)
    }
}

extension ProbeReport {
    init(duration: MediaTime, isPlayable: Bool, format: String, tracks: [AssetTrack], metadata: AssetMetadata) {
        self.init(
            duration: duration.isNumeric ? duration.seconds : nil,
            isLive: duration.isIndefinite,
            isPlayable: isPlayable,
            format: format,
            tracks: tracks.map(Track.init),
            metadata: Metadata(metadata))
    }

    /// The report as pretty-printed JSON with sorted keys, so output is stable.
    func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}

extension ProbeReport.Track {
    init(_ track: AssetTrack) {
        self.init(
            kind: track.kind.rawValue, codec: track.codec, language: track.language, width: track.width,
            height: track.height, frameRate: track.frameRate, channels: track.channels,
            sampleRate: track.sampleRate, bitRate: track.bitRate, index: track.streamIndex, title: track.title,
            isDefault: track.isDefault, isForced: track.isForced, hasClosedCaptions: track.hasClosedCaptions)
    }
}

extension ProbeReport.Chapter {
    init(_ group: TimedMetadataGroup) {
        self.init(title: group.title, start: group.timeRange.start.seconds, end: group.timeRange.end.seconds)
    }
}

extension ProbeReport.Metadata {
    init(_ metadata: AssetMetadata) {
        self.init(
            title: metadata.title, artist: metadata.artist, album: metadata.album,
            artwork: metadata.artwork.map { ProbeReport.Artwork(mimeType: metadata.artworkMIMEType, bytes: $0.count) })
    }
}
