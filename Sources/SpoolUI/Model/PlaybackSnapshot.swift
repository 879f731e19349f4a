/// What the overlay knows about the player at one moment: everything it shows, as plain
/// values, so the model can be driven by a test as well as by `PlayerControlsController`.
public struct PlaybackSnapshot: Sendable, Equatable {
    /// What the player is doing, as the overlay shows it.
    public enum Phase: Sendable, Equatable {
        /// No item.
        case empty
        /// The rate is zero by request.
        case paused
        /// Playing.
        case playing
        /// Asked to play, but opening or buffering (the spinner shows after a delay).
        case waiting
        /// The item played to its end (Replay).
        case ended
        /// The item failed; the banner shows the player's message (Retry / Next).
        case failed(message: String)

        /// Whether this is `.failed`.
        public var isFailed: Bool {
            if case .failed = self { true } else { false }
        }
    }

    /// What the player is doing.
    public var phase: Phase
    /// The playhead, in seconds on the item's timeline.
    public var currentTime: Double
    /// The item's duration in seconds; `nil` while unknown and for live streams.
    public var duration: Double?
    /// Whether the item is a live stream (LIVE badge; the seekable window is the timeline).
    public var isLive: Bool
    /// The stretch the playhead can seek to, in seconds: a live stream's window.
    public var seekableRange: ClosedRange<Double>?
    /// Buffered stretches, in seconds.
    public var loadedRanges: [ClosedRange<Double>]
    /// Interstitial and chapter marks on the timeline.
    public var markers: [TimelineMarker]
    /// The speed `play` uses (never zero; the player's `defaultRate`).
    public var rate: Float
    /// The volume, 0…1.
    public var volume: Float
    /// Whether audio is muted.
    public var isMuted: Bool
    /// The item's title, if it has one.
    public var title: String?
    /// The item's artist, from its metadata.
    public var artist: String?
    /// Whether the item is ready and has no video: the view shows its title and artist (and
    /// cover art) instead of a picture.
    public var isAudioOnly = false
    /// The subtitle options' names (the Off entry is added by the menu).
    public var subtitleOptions: [String]
    /// The selected subtitle option's index in `subtitleOptions`; `nil` is Off.
    public var selectedSubtitleIndex: Int?
    /// The audio options' names.
    public var audioOptions: [String]
    /// The selected audio option's index in `audioOptions`.
    public var selectedAudioIndex: Int?
    /// The audio output devices' names, for the route picker.
    public var audioOutputs: [String]
    /// The device playing now, by index in `audioOutputs`.
    public var selectedAudioOutputIndex: Int?
    /// The HLS variants the quality menu offers after Auto ("720p · 2.9 Mb/s"); empty for
    /// files and single-variant streams, which hide the menu.
    public var qualityOptions: [String] = []
    /// The pinned variant's index in `qualityOptions`; `nil` is Auto (adaptive).
    public var selectedQualityIndex: Int?
    /// Whether there is an item after this one (shows Next).
    public var hasNextItem: Bool
    /// Whether there is an item before this one (Previous goes there when near the start).
    public var hasPreviousItem: Bool
    /// Whether the view is full screen.
    public var isFullScreen: Bool
    /// Whether Picture-in-Picture can start (shows its button).
    public var isPictureInPicturePossible: Bool
    /// Whether Picture-in-Picture is active.
    public var isPictureInPictureActive: Bool
    /// The interstitial (ad) playing now, if any: the item playing is its asset.
    public var interstitial: InterstitialBreak?

    /// A snapshot; every value defaults to an empty player at rate 1 and full volume.
    public init(
        phase: Phase = .empty, currentTime: Double = 0, duration: Double? = nil, isLive: Bool = false,
        seekableRange: ClosedRange<Double>? = nil, loadedRanges: [ClosedRange<Double>] = [],
        markers: [TimelineMarker] = [], rate: Float = 1, volume: Float = 1, isMuted: Bool = false,
        title: String? = nil, subtitleOptions: [String] = [], selectedSubtitleIndex: Int? = nil,
        audioOptions: [String] = [], selectedAudioIndex: Int? = nil, audioOutputs: [String] = [],
        selectedAudioOutputIndex: Int? = nil, hasNextItem: Bool = false,
        hasPreviousItem: Bool = false, isFullScreen: Bool = false, isPictureInPicturePossible: Bool = false,
        isPictureInPictureActive: Bool = false, interstitial: InterstitialBreak? = nil
    ) {
        self.phase = phase
        self.currentTime = currentTime
        self.duration = duration
        self.isLive = isLive
        self.seekableRange = seekableRange
        self.loadedRanges = loadedRanges
        self.markers = markers
        self.rate = rate
        self.volume = volume
        self.isMuted = isMuted
        self.title = title
        self.subtitleOptions = subtitleOptions
        self.selectedSubtitleIndex = selectedSubtitleIndex
        self.audioOptions = audioOptions
        self.selectedAudioIndex = selectedAudioIndex
        self.audioOutputs = audioOutputs
        self.selectedAudioOutputIndex = selectedAudioOutputIndex
        self.hasNextItem = hasNextItem
        self.hasPreviousItem = hasPreviousItem
        self.isFullScreen = isFullScreen
        self.isPictureInPicturePossible = isPictureInPicturePossible
        self.isPictureInPictureActive = isPictureInPictureActive
        self.interstitial = interstitial
    }

    /// Whether the user asked to play (playing or waiting): the only phases that auto-hide.
    public var isPlayRequested: Bool { phase == .playing || phase == .waiting }

    /// The stretch the timeline spans: 0…duration for a file, the seekable window when live;
    /// `nil` when neither is known (the timeline then cannot seek).
    public var timelineRange: ClosedRange<Double>? {
        if isLive { return seekableRange }
        guard let duration, duration > 0 else { return nil }
        return 0...duration
    }

    /// Whether the user may seek: there is a timeline, the view does not require linear
    /// playback, and no interstitial that forbids it (X-RESTRICT=SKIP) is playing.
    public func allowsSeeking(requiresLinearPlayback: Bool) -> Bool {
        timelineRange != nil && !requiresLinearPlayback && interstitial?.allowsSeeking != false
    }

    /// The failure message when failed.
    public var failureMessage: String? {
        if case .failed(let message) = phase { return message }
        return nil
    }
}

/// A mark on the timeline.
public struct TimelineMarker: Sendable, Hashable {
    /// What the mark is.
    public enum Kind: Sendable, Hashable {
        /// An interstitial (ad) break.
        case interstitial
        /// The start of a chapter.
        case chapter
        /// An A-B loop's point (mpv's `ab-loop-a`, `ab-loop-b`).
        case loopPoint
    }

    /// Where it is, in seconds.
    public var time: Double
    /// What it is.
    public var kind: Kind
    /// Its name (a chapter's title), shown when hovering.
    public var title: String?

    /// A marker at `time`.
    public init(time: Double, kind: Kind, title: String? = nil) {
        self.time = time
        self.kind = kind
        self.title = title
    }
}

/// An interstitial break in progress, as the overlay shows it: "Ad" with its remaining time,
/// Skip where allowed, the timeline locked where seeking is forbidden.
public struct InterstitialBreak: Sendable, Equatable {
    /// Seconds left of the interstitial playing; `nil` when not known.
    public var remaining: Double?
    /// Whether Skip is offered (the event allows it and the app gave a way to end it).
    public var canSkip: Bool
    /// Whether the user may seek within the interstitial.
    public var allowsSeeking: Bool

    /// A break with `remaining` seconds left.
    public init(remaining: Double?, canSkip: Bool, allowsSeeking: Bool) {
        self.remaining = remaining
        self.canSkip = canSkip
        self.allowsSeeking = allowsSeeking
    }
}
