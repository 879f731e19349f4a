public import SpoolCore

/// `X-TIMESTAMP-MAP=MPEGTS:<ticks>,LOCAL:<timestamp>` (RFC 8216 §3.5): the WebVTT time `local`
/// is the media time `mpegts` (90 kHz MPEG-2 presentation-timestamp ticks) of the rendition the
/// subtitles accompany.
public struct WebVTTTimestampMap: Sendable, Equatable {
    /// The media time, in 90 kHz ticks, as written (the 33-bit PTS wrap is not applied).
    public var mpegts: Int64
    /// The WebVTT cue time that corresponds to `mpegts`.
    public var local: MediaTime

    /// A map from `local` to `mpegts`.
    public init(mpegts: Int64, local: MediaTime) {
        self.mpegts = mpegts
        self.local = local
    }

    /// What to add to a cue's times to land on the MPEG-TS timeline: `mpegts / 90000 - local`
    /// seconds, exact (for example `MPEGTS:900000,LOCAL:00:00:00.000` gives 10 s, so a cue at
    /// 1 s plays at media time 11 s). Subtracting the stream's first presentation timestamp
    /// from the result is the player's job.
    public var offset: MediaTime {
        MediaTime(value: mpegts, timescale: 90_000) - local
    }
}
