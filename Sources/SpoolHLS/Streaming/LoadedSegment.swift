public import Foundation
public import SpoolCore

/// A media segment downloaded (and decrypted) for the demuxer, with what it needs to know to
/// decide whether it continues the previous segment's stream.
public struct LoadedSegment: Sendable {
    /// The variant it belongs to (`nil` for a presentation without a multivariant playlist).
    public let variantIndex: Int?
    /// The segment's media sequence number.
    public let mediaSequence: Int
    /// The segment's discontinuity sequence number.
    public let discontinuitySequence: Int
    /// Where it starts on the timeline of the playlist it was listed in.
    public let playlistStart: MediaTime
    /// Its EXTINF duration.
    public let duration: MediaTime
    /// The media initialization section (EXT-X-MAP) in force, decrypted; `nil` without one.
    public let initializationSection: Data?
    /// Identifies the initialization section (its URI and byte range), so a change is seen.
    public let initializationSectionID: String?
    /// The media bytes, decrypted.
    public let data: Data

    /// A loaded segment.
    public init(
        variantIndex: Int?, mediaSequence: Int, discontinuitySequence: Int, playlistStart: MediaTime,
        duration: MediaTime, initializationSection: Data?, initializationSectionID: String?, data: Data
    ) {
        self.variantIndex = variantIndex
        self.mediaSequence = mediaSequence
        self.discontinuitySequence = discontinuitySequence
        self.playlistStart = playlistStart
        self.duration = duration
        self.initializationSection = initializationSection
        self.initializationSectionID = initializationSectionID
        self.data = data
    }

    /// Whether this segment's bytes can follow `previous`'s in one demuxer: same variant,
    /// no discontinuity between them, the same initialization section.
    public func continues(_ previous: LoadedSegment) -> Bool {
        variantIndex == previous.variantIndex && discontinuitySequence == previous.discontinuitySequence
            && initializationSectionID == previous.initializationSectionID
    }
}

/// What the segment stream hands the demuxer next.
public enum SegmentStreamEvent: Sendable {
    /// The next segment.
    case segment(LoadedSegment)
    /// A VOD presentation (or a live one that ended) has no more segments.
    case end
    /// The stream failed; the error names the URL.
    case failed(HLSError)
    /// The stream was cancelled.
    case cancelled
}
