public import Foundation
public import SpoolCore

/// The dynamic state of one asset being played (AVPlayerItem's counterpart): status,
/// duration, buffering, and logs. Lives on the main actor with its player; its properties
/// change only there, as the item's pipeline reports.
@MainActor
public final class PlayerItem: Identifiable {
    /// Whether the item can play (AVPlayerItem.Status).
    public enum Status: Sendable, Equatable {
        /// Not loaded yet.
        case unknown
        /// Ready: playback can start.
        case readyToPlay
        /// Failed; `error` says why.
        case failed
    }

    /// The item's one identity: what its player events carry (`PlayerItemEvent`), and what the
    /// seed's state layer calls it (`PlaybackState`, `PlayerController.load(itemID:url:)`).
    /// The app's own (an episode ID) when it gives one, else a new UUID string, so events
    /// about a replaced item can be recognised.
    public nonisolated let id: ItemID
    /// The asset this item plays.
    public nonisolated let asset: URLAsset

    /// Whether the item can play.
    public internal(set) var status: Status = .unknown
    /// Why the item failed, when `status` is `.failed` or it failed to play to its end.
    public internal(set) var error: PlaybackError?
    /// The duration; `indefinite` until known and for live streams.
    public internal(set) var duration: MediaTime = .indefinite
    /// The tracks being played (known once ready).
    public internal(set) var tracks: [AssetTrack] = []
    /// The size the video is shown at, in square pixels (zero without video), like
    /// AVPlayerItem's: the stored size with the sample aspect ratio applied (non-square
    /// pixels stretch the wider side) and turned by the container's display matrix — a
    /// 1920x1080 phone clip tagged 90° reports 1080x1920. Frame hashes (`--vo framemd5`)
    /// still cover the stored picture.
    public internal(set) var presentationSize: (width: Int, height: Int) = (0, 0)
    /// Stretches of media that are buffered and can play without more I/O.
    public internal(set) var loadedTimeRanges: [TimeRange] = []
    /// Stretches the playhead can seek to.
    public internal(set) var seekableTimeRanges: [TimeRange] = []
    /// Whether enough is buffered to play on without stalling.
    public internal(set) var isPlaybackLikelyToKeepUp = false
    /// Whether the buffer is empty (playback is or would be stalled).
    public internal(set) var isPlaybackBufferEmpty = true
    /// Whether the buffer reached its forward limit.
    public internal(set) var isPlaybackBufferFull = false

    /// Whether the first video frame has been shown (AVPlayerLayer.isReadyForDisplay);
    /// without video, whether audio has started.
    public internal(set) var isReadyForDisplay = false

    /// How far ahead to buffer, in seconds; 0 lets Spool choose (currently 3 s locally, 30 s
    /// for network sources). Takes effect when the item starts playing.
    public var preferredForwardBufferDuration: TimeInterval = 0
    /// The highest variant bandwidth (bits per second) an HLS item may choose; 0 = no limit.
    /// Read when the item starts playing, like `AVPlayerItem.preferredPeakBitRate`.
    public var preferredPeakBitRate: Double = 0
    /// The largest video size an HLS item may choose; `nil` = no limit. Read when the item
    /// starts playing, like `AVPlayerItem.preferredMaximumResolution`.
    public var preferredMaximumResolution: PixelSize?
    /// Whether an HLS item chooses no variant larger than the player's video output can show
    /// (its window's drawable size; see `AdaptiveCaps.viewportSize`), as AVPlayerLayer-backed
    /// playback does and ExoPlayer's viewport constraint. `true` by default; outputs without a
    /// viewport (null, framemd5) never limit. Set `false` to let bandwidth alone decide (say,
    /// for recording). `preferredMaximumResolution` applies as well: the stricter wins. Read
    /// when the item starts playing.
    public var limitsResolutionToViewport = true
    /// Whether media that stops before its container says it ends (a truncated download, a
    /// cut copy) fails the item (`failedToPlayToEnd`) instead of ending it. `false` by default,
    /// as mpv and ffmpeg behave: everything there is played, the item ends normally
    /// (`didPlayToEnd`), and the early end is one `PlayerItemEvent.endedEarly` and one entry
    /// of the error log. Read when the item starts playing.
    public var failsOnEarlyEnd = false
    /// Pins an HLS item to one variant (its index in the multivariant playlist): manual quality
    /// selection. `nil` (the default) chooses adaptively. A change while the item plays takes
    /// effect from the next segment downloaded (what is buffered plays out first).
    public var preferredVariantIndex: Int? {
        didSet {
            if preferredVariantIndex != oldValue { variantHandler?(preferredVariantIndex) }
        }
    }
    /// Supplies the keys of an HLS item's AES-128 segments (entitlement checks, token
    /// exchange, a DRM service); `nil` fetches each EXT-X-KEY URI from the same origin rules as
    /// segments. Read when the item starts playing. A provider's error fails the item with
    /// its message. (AVFoundation: an `AVContentKeySession` with the asset as recipient.)
    public var contentKeyProvider: (any ContentKeyProvider)?
    /// How audio sounds at rates other than 1; pitch is preserved by default.
    public var audioTimePitchAlgorithm: AudioTimePitchAlgorithm = .timeDomain
    /// Where playback of the item ends (on the item's timeline, like `currentTime()`); the
    /// item plays to its end when it is not numeric (the default). Frames at or after it are
    /// not shown. Read when the item starts playing.
    public var forwardPlaybackEndTime: MediaTime = .invalid
    /// Set by the interstitial scheduler before the item starts: end at the next interstitial.
    var interstitialCut: InterstitialCut?
    /// Set by the interstitial scheduler for an interstitial's asset (X-PLAYOUT-LIMIT): end
    /// this long after the item's start, whatever its first timestamp.
    var playoutLimit: MediaTime?

    /// A subtitle file (WebVTT `.vtt` or SubRip `.srt`, a local file URL) whose cues go to the
    /// item's legible outputs, for media without subtitle renditions. Spool addition; read when
    /// the item starts playing. Cue times count from the start of the media.
    public var externalSubtitleURL: URL?
    /// The options selected in the item's groups, as the engine resolved them (explicit
    /// choices, then the player's criteria and languages); empty until the item is ready.
    public internal(set) var currentMediaSelection = MediaSelection()

    /// Choices made with `select(_:in:)`: a key present with `nil` selects nothing.
    var explicitSelections: [MediaCharacteristic: MediaSelectionOption?] = [:]
    /// The player's criteria and languages, copied when the item becomes current.
    var selectionCriteria: [MediaCharacteristic: MediaSelectionCriteria] = [:]
    var environmentLanguages: [String] = []
    /// Tells the item's running pipeline about a new choice; set while the item is current.
    var selectionHandler: (@MainActor (MediaSelectionOption?, MediaCharacteristic) -> Void)?
    /// Forwards `preferredVariantIndex` changes to the running pipeline (set by the Player).
    var variantHandler: (@MainActor (Int?) -> Void)?
    /// Does `step(byCount:)` on the player the item is current in (set by the Player).
    var stepHandler: (@MainActor (Int) -> Void)?
    /// Where cues go.
    var legibleOutputs: [PlayerItemLegibleOutput] = []

    /// When the item first started playing.
    var playbackStartDate: Date?
    var errorLogEvents: [PlayerItemErrorLogEvent] = []
    /// Reads the live counters of the item's pipeline while it is current.
    var statisticsSource: (@Sendable () -> PlaybackStatistics?)?
    /// The counters as they were when the item stopped being current.
    private var finalStatistics = PlaybackStatistics()

    /// The item's counters: live while it plays, frozen once it is replaced.
    public var statistics: PlaybackStatistics {
        if let live = statisticsSource?() { return live }
        return finalStatistics
    }

    func freezeStatistics() {
        if let live = statisticsSource?() { finalStatistics = live }
        statisticsSource = nil
    }

    /// An item for `asset`, identified by `id` (default: a new UUID string). Give two items
    /// the same `id` only when they are the same item to the app: their events are told apart
    /// by it.
    public init(asset: URLAsset, id: ItemID = ItemID(UUID().uuidString)) {
        self.asset = asset
        self.id = id
        // Whoever probes the asset first (a view's metadata, a chapter list, the player), the
        // container stays open for this item's playback: one open per item.
        asset.holdForPlayback()
    }

    deinit {
        asset.releasePlaybackHold()
    }

    /// An item for the media at `url` (a file URL or http(s)), identified by `id`.
    public convenience init(url: URL, id: ItemID = ItemID(UUID().uuidString)) {
        self.init(asset: URLAsset(url: url), id: id)
    }

    /// The item's access log: startup time, stalls, frames, bytes, bitrate, sync error.
    public func accessLog() -> PlayerItemAccessLog {
        let counters = statistics
        let current = PlayerItemAccessLogEvent(
            uri: asset.url.redactedForDisplay, playbackStartDate: playbackStartDate, startupTime: counters.startupTime,
            numberOfStalls: counters.stalls, stallDuration: counters.stallTime,
            numberOfBytesTransferred: counters.bytesTransferred, observedBitrate: counters.observedBitrate,
            numberOfFramesDecoded: counters.framesDecoded, numberOfFramesPresented: counters.framesPresented,
            numberOfDroppedVideoFrames: counters.framesDropped, avSyncErrorP50Ms: counters.avSyncErrorP50Ms,
            avSyncErrorP99Ms: counters.avSyncErrorP99Ms)
        return PlayerItemAccessLog(events: [current], statistics: counters)
    }

    /// The item's error log: every failure reported while it played.
    public func errorLog() -> PlayerItemErrorLog {
        PlayerItemErrorLog(events: errorLogEvents)
    }

    func recordError(_ error: PlaybackError) {
        errorLogEvents.append(
            PlayerItemErrorLogEvent(
                date: Date(), errorStatusCode: error.code.rawValue, errorDomain: error.code.group,
                errorComment: error.message, uri: asset.url.redactedForDisplay))
    }
}
