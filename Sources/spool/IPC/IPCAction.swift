import Spool

/// What a command or a property write asks the player to do. The IPC layer only decides what;
/// `PlaySession+IPC.swift` does it to the real player, and tests record it.
enum IPCAction: Equatable, Sendable {
    enum Seek: Equatable, Sendable {
        case absolute(Double)
        case relative(Double)
        /// 0…100 of the duration.
        case absolutePercent(Double)
        case relativePercent(Double)
    }

    enum LoadMode: String, Equatable, Sendable, CaseIterable {
        case replace, append
        case appendPlay = "append-play"
        case insertNext = "insert-next"
        case insertNextPlay = "insert-next-play"
    }

    enum TrackChoice: Equatable, Sendable {
        case id(Int64)
        case off
        case automatic
    }

    /// Which A-B loop point a write sets.
    enum LoopPoint: Equatable, Sendable {
        case a, b
    }

    /// Which delay `setDelay` sets.
    enum Delay: Sendable, Equatable {
        case audio, subtitle
    }

    case setPause(Bool)
    case setSpeed(Double)
    /// 0…100.
    case setVolume(Double)
    case setMute(Bool)
    /// Exact unless `toKeyframe` (mpv's `keyframes` flag): then to the keyframe at or before
    /// the target, as a keyframe seek lands.
    case seek(Seek, toKeyframe: Bool = false)
    case loadFile(String, LoadMode)
    case playlistNext(force: Bool)
    case playlistPrevious(force: Bool)
    /// Plays playlist entry `index` (0-based).
    case playlistPlay(Int)
    /// Stops and clears the playlist (idle, or exit without `--idle`).
    case stop
    case quit(code: Int32)
    case selectTrack(IPCPlayerState.Track.Kind, TrackChoice)
    /// An exact seek to a chapter's start (or the file's start), or past the last chapter the
    /// next entry, as mpv's `chapter` property does.
    case goToChapter(ChapterNavigation.Destination)
    /// Pauses, then shows the frame `count` frames on (negative: back) by an exact seek: mpv's
    /// `frame-step` (1) and `frame-back-step` (-1).
    case frameStep(Int)
    /// Sets or clears (nil) an A-B loop point, in seconds.
    case setLoopPoint(LoopPoint, Double?)
    case setLoopCount(ABLoopMachine.Count)
    /// mpv's `ab-loop` command (the `l` key): A at the playhead, then B, then clear both.
    case markLoop
    /// Sets mpv's `audio-delay` or `sub-delay`, in seconds.
    case setDelay(Delay, Double)
    /// Runs these filters (`af`, `vf`), already checked against libavfilter.
    case setFilters(FilterSettings)
}

/// Does `IPCAction`s: the player side of the protocol.
@MainActor
protocol IPCPlayerControl: AnyObject {
    /// The player now.
    var ipcState: IPCPlayerState { get }
    /// Does `action`; returns the reply's `data` (nil: none) or mpv's error for it.
    func perform(_ action: IPCAction) -> Result<IPCValue?, IPCError>
}
