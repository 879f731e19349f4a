/// What the IPC reads from the player: one snapshot, taken on the main actor, from which every
/// property is computed (`IPCProperties`). A plain value, so property tests need no player and
/// observers compare snapshots.
struct IPCPlayerState: Equatable, Sendable {
    /// One playlist entry as mpv lists it.
    struct Entry: Equatable, Sendable {
        /// mpv's `playlist_entry_id`: unique in the session, never reused.
        var id: Int64
        /// The path or URL as given.
        var filename: String
    }

    /// One track of the current file (`track-list`).
    struct Track: Equatable, Sendable {
        enum Kind: String, Sendable, CaseIterable {
            case video, audio
            case subtitle = "sub"
        }
        var kind: Kind
        /// 1-based within its kind, as mpv numbers `aid`/`sid`/`vid`.
        var id: Int64
        var title: String?
        var language: String?
        var codec: String?
        var isDefault = false
        var isForced = false
        var isExternal = false
        var isSelected = false
        var width: Int?
        var height: Int?
        var channels: Int?
        var sampleRate: Int?
    }

    /// One chapter of the current file (`chapter-list`).
    struct Chapter: Equatable, Sendable {
        var title: String?
        /// Where it starts, in seconds.
        var start: Double
    }

    /// Whether playback is paused (the user's request, kept while idle as mpv does).
    var isPaused = false
    /// Nothing is loaded: mpv's `--idle` state.
    var isIdle = true
    /// Seconds into the current file; nil when unknown.
    var position: Double?
    /// The current file's duration in seconds; nil when unknown (live, not yet open).
    var duration: Double?
    var speed: Double = 1
    /// 0…100, mpv's scale.
    var volume: Double = 100
    var isMuted = false
    /// The title the media states, if any.
    var title: String?
    var playlist: [Entry] = []
    /// The index in `playlist` of the current entry; nil when none.
    var playlistPosition: Int?
    /// The current file played to its end.
    var isAtEnd = false
    var tracks: [Track] = []
    /// The current file's chapters in start order (empty: none, or not loaded yet).
    var chapters: [Chapter] = []
    /// The chapter the last chapter step landed on, while the playhead has not gone back
    /// before its start (mpv's `last_chapter_seek`).
    var landedChapter: Int?

    /// The current file's nominal video frame rate; nil without video or before it is known.
    var frameRate: Double?
    /// The A-B loop's points in seconds (nil: `no`) and how many jumps back are left.
    var abLoopA: Double?
    var abLoopB: Double?
    var abLoopCount: ABLoopMachine.Count = .infinite
    /// mpv's `audio-delay` and `sub-delay`, in seconds.
    var audioDelay: Double = 0
    var subtitleDelay: Double = 0
    /// The filters `af` and `vf` list (and the deinterlacer and normalizer they run with).
    var filters = FilterSettings()

    /// The current entry, if any.
    var current: Entry? { playlistPosition.flatMap { playlist.indices.contains($0) ? playlist[$0] : nil } }
}
