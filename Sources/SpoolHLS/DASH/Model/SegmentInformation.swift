/// A `SegmentTemplate`, merged across the hierarchy. Templates are checked when parsed: only
/// `$$`, `$RepresentationID$`, `$Number$`, `$Time$` and `$Bandwidth$`, the last three with an
/// optional `%0Nd` width.
public struct SegmentTemplate: Sendable, Equatable {
    /// `media`.
    public var media: String?
    /// `initialization`.
    public var initialization: String?
    /// `index`.
    public var index: String?
    /// `timescale`, at least 1 (default 1).
    public var timescale: Int64
    /// `duration` in `timescale` units (at least 1), when segments are of equal duration.
    public var duration: Int64?
    /// `startNumber` (default 1).
    public var startNumber: Int64
    /// `endNumber`, when present.
    public var endNumber: Int64?
    /// `presentationTimeOffset` (default 0).
    public var presentationTimeOffset: Int64
    /// The `SegmentTimeline`, when present.
    public var timeline: SegmentTimeline?
}

/// A `SegmentTimeline`: runs of segments of equal duration.
public struct SegmentTimeline: Sendable, Equatable {
    /// The `S` elements in order.
    public var entries: [Entry]

    /// One `S` element: `r + 1` segments of duration `d` starting at `t` (or where the previous
    /// run ended). `r == -1` repeats until the next entry's `t` or the end of the period.
    public struct Entry: Sendable, Equatable {
        /// `t`, when present.
        public var time: Int64?
        /// `d`, at least 1.
        public var duration: Int64
        /// `r`, at least -1 (default 0).
        public var repeatCount: Int64
    }
}

/// A URL and byte range: `Initialization`, `RepresentationIndex` or a `SegmentURL`'s media.
public struct URLRange: Sendable, Equatable {
    /// `sourceURL`/`media`, as written (relative to the representation's BaseURL); `nil` means
    /// the BaseURL itself.
    public var url: String?
    /// `range`/`mediaRange`, when present.
    public var range: ByteRange?
}

/// A `SegmentBase`: a single-file representation and where its index and init are.
public struct SegmentBase: Sendable, Equatable {
    /// `timescale` (default 1).
    public var timescale: Int64
    /// `presentationTimeOffset` (default 0).
    public var presentationTimeOffset: Int64
    /// `indexRange`: the bytes of the `sidx` box.
    public var indexRange: ByteRange?
    /// `Initialization`.
    public var initialization: URLRange?
}

/// A `SegmentList`: segments listed one by one.
public struct SegmentList: Sendable, Equatable {
    /// `timescale` (default 1).
    public var timescale: Int64
    /// `duration` in `timescale` units, when present.
    public var duration: Int64?
    /// `startNumber` (default 1).
    public var startNumber: Int64
    /// `presentationTimeOffset` (default 0).
    public var presentationTimeOffset: Int64
    /// `Initialization`.
    public var initialization: URLRange?
    /// The `SegmentURL`s in order.
    public var segments: [URLRange]
    /// The `SegmentTimeline`, when present (durations of the listed segments).
    public var timeline: SegmentTimeline?
}
