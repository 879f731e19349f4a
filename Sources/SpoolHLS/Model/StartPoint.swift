public import SpoolCore

/// EXT-X-START: where the playlist prefers playback to begin.
public struct StartPoint: Sendable, Equatable {
    /// TIME-OFFSET: from the start of the playlist when positive, from its end when negative.
    public let timeOffset: MediaTime
    /// PRECISE=YES: start exactly at the offset (decoding and discarding what comes before it
    /// in its segment) rather than at the start of the segment containing it.
    public let isPrecise: Bool
}
