public import SpoolCore

/// Places the cues of HLS WebVTT subtitle segments on the timeline of the media they
/// accompany (the media's own timestamps, where a player's clock runs).
///
/// With `X-TIMESTAMP-MAP` a cue at `LOCAL` plays at presentation timestamp `MPEGTS`
/// (RFC 8216 §3.5). MPEG-2 timestamps are 33 bits and wrap after about 26.5 hours, so the
/// mapped offset is moved by whole wraps to the one nearest `reference` (the media's first
/// timestamp). Without a map, cue times are taken as playlist times (hls.js does the same)
/// and moved by `playlistToMedia`.
public struct SubtitleTimeline: Sendable, Equatable {
    /// Media timestamp minus playlist time for the media being played.
    public var playlistToMedia: MediaTime
    /// A timestamp of the media near where playback is (its first timestamp will do).
    public var reference: MediaTime

    /// A timeline for media whose timestamps are `playlistToMedia` ahead of the playlist.
    public init(playlistToMedia: MediaTime, reference: MediaTime) {
        self.playlistToMedia = playlistToMedia
        self.reference = reference
    }

    /// The period of 33-bit 90 kHz timestamps.
    public static let wrapPeriod = MediaTime(value: 1 << 33, timescale: 90_000)

    /// What to add to the cue times of `document` to place them on the media timeline.
    public func offset(for document: WebVTTDocument) -> MediaTime {
        guard let map = document.timestampMap else { return playlistToMedia }
        var offset = map.offset
        guard reference.isNumeric else { return offset }
        let half = MediaTime(value: 1 << 32, timescale: 90_000)
        // A map far from the media's timestamps has wrapped (or the media has): one period at
        // a time, bounded since both values are finite.
        for _ in 0..<4 {
            if offset - reference > half {
                offset = offset - Self.wrapPeriod
            } else if reference - offset > half {
                offset = offset + Self.wrapPeriod
            } else {
                break
            }
        }
        return offset
    }

    /// The cues of `document` on the media timeline.
    public func place(_ document: WebVTTDocument) -> [SubtitleCue] {
        let offset = offset(for: document)
        return document.cues.map { $0.shifted(by: offset) }
    }
}
