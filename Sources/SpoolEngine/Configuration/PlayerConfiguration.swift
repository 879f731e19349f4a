public import SpoolCore

/// Where a player's audio and video go, and how it keeps time. The counterpart of attaching
/// an AVPlayerLayer and choosing an audio route, made explicit because Linux has no default
/// view hierarchy.
public struct PlayerConfiguration: Sendable {
    /// Makes the audio output when an item with audio starts; `nil` plays no audio.
    public var makeAudioOutput: (@Sendable () throws(AudioOutputError) -> any AudioOutput)?
    /// Where video frames go; `nil` decodes no video.
    public var videoOutput: (any VideoOutput)?
    /// Present every frame as fast as possible, ignoring the clock (benchmarks, hashing).
    public var isUntimed: Bool
    /// Decoder threads per video decoder; 0 lets FFmpeg choose.
    public var decoderThreads: Int
    /// A libavfilter chain every item's audio passes through after decoding (`--af`), or
    /// `nil` for none. It must keep the duration (no `atempo`): the clock follows the input.
    /// A chain libavfilter refuses fails each item with audio; check it first with
    /// `MediaFilterCheck`.
    public var audioFilterChain: String?
    /// A libavfilter chain every decoded picture passes through before any pixel conversion
    /// (`--vf`, `--deinterlace`), or `nil` for none. Failures as for `audioFilterChain`.
    public var videoFilterChain: String?
    /// Which ReplayGain tag each item's audio is scaled by (mpv's `--replaygain`; `.off`, the
    /// default, plays it as decoded), with `replayGainPreamp` dB added and, when
    /// `replayGainPreventsClipping`, lowered so the tagged peak stays at full scale.
    public var replayGain: ReplayGain.Mode = .off
    /// Decibels added to the ReplayGain tag's gain (mpv's `--replaygain-preamp`), within ±60.
    public var replayGainPreamp: Double = 0
    /// Whether the ReplayGain factor is capped by the tagged peak (mpv's `--replaygain-clip=no`).
    public var replayGainPreventsClipping = true
    /// The clock that periodic and boundary time observers sleep on.
    public var clock: any Clock<Duration>
    /// The clock a pause's countdown to releasing its buffers runs on
    /// (`Player.resourceReleaseDelay`): `clock` unless given. A test that counts the sleepers
    /// of its manual `clock` gives this one apart, so the countdown's sleep is not among them.
    public var resourceReleaseClock: any Clock<Duration>
    /// The time the engine's threads read and wait on: the host's monotonic clock, or a
    /// virtual one under test (`VirtualEngineClock`), which every pipeline thread then joins.
    package var engineClock: any EngineClock = HostEngineClock(now: HostTime.now)

    /// A configuration; see each property.
    public init(
        makeAudioOutput: (@Sendable () throws(AudioOutputError) -> any AudioOutput)?,
        videoOutput: (any VideoOutput)?, isUntimed: Bool = false, decoderThreads: Int = 0,
        clock: any Clock<Duration>, resourceReleaseClock: (any Clock<Duration>)? = nil
    ) {
        self.makeAudioOutput = makeAudioOutput
        self.videoOutput = videoOutput
        self.isUntimed = isUntimed
        self.decoderThreads = decoderThreads
        self.clock = clock
        self.resourceReleaseClock = resourceReleaseClock ?? clock
    }
}
