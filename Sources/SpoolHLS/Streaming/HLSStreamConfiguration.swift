import Foundation
public import SpoolCore

/// How an HLS segment stream chooses and buffers.
public struct HLSStreamConfiguration: Sendable {
    /// How far ahead of the playhead segments are fetched (the forward buffer). Zero means
    /// automatic: 30 s, as hls.js does.
    public var forwardBuffer: Duration
    /// PreferredPeakBitRate: variants whose BANDWIDTH exceeds it are not chosen (0 = no cap).
    public var peakBitRate: Int
    /// PreferredMaximumResolution: variants larger are not chosen (`nil` = no cap).
    public var maximumResolution: Resolution?
    /// The video output's size in pixels now (`AdaptiveCaps.viewportSize`), asked before
    /// each segment's variant is chosen so a resized window takes effect at the next
    /// segment; returns `nil` for no viewport cap. Must be cheap and must not block.
    public var viewportSize: @Sendable () -> Resolution?
    /// A variant index to play instead of choosing adaptively (manual quality selection).
    public var pinnedVariant: Int?
    /// Retries for playlists, keys and segments.
    public var retry: RetryingFetch
    /// How many target durations behind the live edge live playback starts (RFC 8216: at
    /// least three), unless the playlist has EXT-X-START.
    public var liveEdgeTargetDurations: Int
    /// How long a variant that failed stays excluded from the choice.
    public var exclusionDuration: Duration
    /// The most bytes one segment may have (untrusted servers).
    public var maxSegmentBytes: Int
    /// Limits for every playlist loaded.
    public var playlistLimits: PlaylistLimits
    /// Whether playback has shown its first frame. Until then the stream fetches a segment only
    /// when none is queued — what the first frame needs, nothing ahead — so start-up downloads
    /// (and the CPU they take) do not compete with the first decode; asked about every 100 ms
    /// and before each fetch. Must be cheap and must not block. Default: always started.
    public var hasStarted: @Sendable () -> Bool
    /// Whether a live playlist with partial segments (LL-HLS) is played part by part from
    /// PART-HOLD-BACK behind its newest part, with blocking playlist reloads when the server
    /// offers them; `false` plays it by whole segments like any live playlist. Default: `true`.
    public var lowLatency = true

    /// The defaults: automatic buffer, no caps, adaptive choice.
    public init(
        forwardBuffer: Duration = .zero, peakBitRate: Int = 0, maximumResolution: Resolution? = nil,
        viewportSize: @escaping @Sendable () -> Resolution? = { nil }, pinnedVariant: Int? = nil,
        retry: RetryingFetch = RetryingFetch(), liveEdgeTargetDurations: Int = 3,
        exclusionDuration: Duration = .seconds(60), maxSegmentBytes: Int = 256 << 20,
        playlistLimits: PlaylistLimits = .default, hasStarted: @escaping @Sendable () -> Bool = { true }
    ) {
        self.forwardBuffer = forwardBuffer
        self.peakBitRate = peakBitRate
        self.maximumResolution = maximumResolution
        self.viewportSize = viewportSize
        self.pinnedVariant = pinnedVariant
        self.retry = retry
        self.liveEdgeTargetDurations = liveEdgeTargetDurations
        self.exclusionDuration = exclusionDuration
        self.maxSegmentBytes = maxSegmentBytes
        self.playlistLimits = playlistLimits
        self.hasStarted = hasStarted
    }

    /// The forward buffer in force: `forwardBuffer`, or the automatic one when it is zero.
    public var effectiveForwardBuffer: Duration {
        forwardBuffer > .zero ? forwardBuffer : ABRConfiguration.automaticForwardBuffer
    }
}

/// What an HLS segment stream has done so far, for the access log.
public struct HLSStreamStatistics: Sendable, Equatable {
    /// Segment, key and init-section bytes downloaded.
    public var bytesTransferred: Int64 = 0
    /// Seconds spent transferring them.
    public var transferSeconds: Double = 0
    /// Segments downloaded.
    public var segmentsDownloaded = 0
    /// Times the variant changed between consecutive segments.
    public var variantSwitches = 0
    /// Sum of (variant BANDWIDTH × segment duration), for the time-weighted indicated bitrate.
    public var indicatedBitSeconds: Double = 0
    /// Sum of the downloaded segments' durations.
    public var downloadedSeconds: Double = 0
    /// Failed fetches (each retry counts).
    public var failedFetches = 0
    /// The variant of the last segment downloaded.
    public var currentVariant: Int?
    /// Times the download thread woke to decide what to do next. Between live reloads it
    /// sleeps until the reload is due, so this grows with segments and reloads, not with time.
    public var downloadLoopWakeUps = 0

    /// A fresh record.
    public init() {}

    /// The mean BANDWIDTH of the variants played, weighted by time; `nil` before any segment.
    public var indicatedBitrate: Double? {
        downloadedSeconds > 0 ? indicatedBitSeconds / downloadedSeconds : nil
    }

    /// The observed transfer rate in bits per second; `nil` before any transfer.
    public var observedBitrate: Double? {
        transferSeconds > 0 ? Double(bytesTransferred) * 8 / transferSeconds : nil
    }
}
