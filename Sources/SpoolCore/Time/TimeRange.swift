/// A stretch of media time (CMTimeRange's counterpart): loaded ranges, seekable ranges.
public struct TimeRange: Sendable, Hashable, CustomStringConvertible {
    /// Where the range begins.
    public let start: MediaTime
    /// How long it lasts (`indefinite` for an open-ended live window).
    public let duration: MediaTime

    /// A range from `start` lasting `duration`.
    public init(start: MediaTime, duration: MediaTime) {
        self.start = start
        self.duration = duration
    }

    /// A range from `start` to `end` (an empty range when `end` is before `start`).
    public init(start: MediaTime, end: MediaTime) {
        self.start = start
        self.duration = end < start ? .zero : end - start
    }

    /// Where the range ends.
    public var end: MediaTime { start + duration }

    /// Whether `time` lies in `start..<end`.
    public func contains(_ time: MediaTime) -> Bool { time >= start && time < end }

    /// "[1.0s, 5.0s)".
    public var description: String { "[\(start.seconds)s, \(end.seconds)s)" }
}
