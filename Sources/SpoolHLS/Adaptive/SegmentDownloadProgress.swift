/// How far an in-flight segment download has come, for the abandonment check.
public struct SegmentDownloadProgress: Sendable, Equatable {
    /// The variant the segment is being fetched from.
    public var variantIndex: Int
    /// The segment's duration.
    public var segmentDuration: Duration
    /// Bytes received so far.
    public var bytesReceived: Int
    /// The segment's size when known (Content-Length, a byte range); `nil` estimates it from
    /// the variant's bit rate and `segmentDuration`.
    public var expectedBytes: Int?
    /// Time since the request was sent.
    public var elapsed: Duration

    /// Progress with explicit values.
    public init(
        variantIndex: Int, segmentDuration: Duration, bytesReceived: Int, expectedBytes: Int? = nil,
        elapsed: Duration
    ) {
        self.variantIndex = variantIndex
        self.segmentDuration = segmentDuration
        self.bytesReceived = bytesReceived
        self.expectedBytes = expectedBytes
        self.elapsed = elapsed
    }
}
