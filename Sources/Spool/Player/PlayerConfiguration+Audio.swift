public import SpoolEngine
public import SpoolOutput

extension PlayerConfiguration {
    /// A configuration whose audio is `audio` (`.default`: PulseAudio, or the null output with
    /// one warning line where no server answers; `.none`: no audio; `.spec(…)`: that output),
    /// with no factory closure to write. The null output is paced by `clock`, and untimed
    /// with `isUntimed`. The other parameters are `init(makeAudioOutput:…)`'s.
    public init(
        audio: AudioOutputChoice, videoOutput: (any VideoOutput)?, isUntimed: Bool = false, decoderThreads: Int = 0,
        clock: any Clock<Duration>, resourceReleaseClock: (any Clock<Duration>)? = nil
    ) {
        self.init(
            makeAudioOutput: audio.makeFactory(clock: clock, timed: !isUntimed), videoOutput: videoOutput,
            isUntimed: isUntimed, decoderThreads: decoderThreads, clock: clock,
            resourceReleaseClock: resourceReleaseClock)
    }
}
