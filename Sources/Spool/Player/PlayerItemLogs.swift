public import Foundation
public import SpoolCore

/// One stretch of playback in the access log (AVPlayerItemAccessLogEvent's counterpart).
public struct PlayerItemAccessLogEvent: Sendable, Equatable {
    /// The item's URI, credentials removed.
    public var uri: String
    /// When playback of this stretch started.
    public var playbackStartDate: Date?
    /// Seconds from loading to the first frame.
    public var startupTime: Double?
    /// How many times playback stalled.
    public var numberOfStalls: Int
    /// Seconds spent stalled.
    public var stallDuration: Double
    /// Bytes read from the source.
    public var numberOfBytesTransferred: Int64
    /// Bits per second the source delivered.
    public var observedBitrate: Double
    /// Video frames decoded.
    public var numberOfFramesDecoded: Int
    /// Video frames shown.
    public var numberOfFramesPresented: Int
    /// Video frames dropped because they were late.
    public var numberOfDroppedVideoFrames: Int
    /// Median A/V sync error, in milliseconds.
    public var avSyncErrorP50Ms: Double?
    /// 99th-percentile A/V sync error, in milliseconds.
    public var avSyncErrorP99Ms: Double?
}

/// The access log of an item: one event per stretch of playback, the current one last.
public struct PlayerItemAccessLog: Sendable {
    /// The events, oldest first; the last reflects the counters at the time of the call.
    public let events: [PlayerItemAccessLogEvent]

    init(events: [PlayerItemAccessLogEvent], statistics: PlaybackStatistics) {
        self.events = events
        self.statistics = statistics
    }

    /// The raw counters behind the last event.
    public let statistics: PlaybackStatistics
}

/// One failure in the error log (AVPlayerItemErrorLogEvent's counterpart).
public struct PlayerItemErrorLogEvent: Sendable, Equatable {
    /// When it happened.
    public var date: Date
    /// `PlaybackError.Code.rawValue`.
    public var errorStatusCode: Int
    /// The code's group ("io", "parsing", "decoding"…).
    public var errorDomain: String
    /// The one-line message.
    public var errorComment: String
    /// The item's URI, credentials removed.
    public var uri: String
}

/// The error log of an item.
public struct PlayerItemErrorLog: Sendable {
    /// The failures, oldest first.
    public let events: [PlayerItemErrorLogEvent]
}
