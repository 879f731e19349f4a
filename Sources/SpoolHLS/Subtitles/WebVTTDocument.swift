/// A parsed WebVTT file: its cues in file order and the HLS timestamp map from its header.
public struct WebVTTDocument: Sendable, Equatable {
    /// The cues, in the order the file lists them (WebVTT requires start times in order; this
    /// is not enforced).
    public var cues: [SubtitleCue]
    /// The `X-TIMESTAMP-MAP` header of an HLS subtitle segment, or `nil` when there is none.
    public var timestampMap: WebVTTTimestampMap?

    /// A document with the given cues and timestamp map.
    public init(cues: [SubtitleCue], timestampMap: WebVTTTimestampMap? = nil) {
        self.cues = cues
        self.timestampMap = timestampMap
    }
}
