import Spool

extension QueuePlayer {
    /// The empty queue `spool play` plays on, set up as `options` ask: the outputs, decoder
    /// threads, filters, ReplayGain, gapless preroll, speed, volume, mute, audio and subtitle delays and preferred audio and subtitle languages.
    static func forPlaying(options: PlayOptions, outputs: SelectedOutputs, clock: ContinuousClock) -> QueuePlayer {
        var configuration = PlayerConfiguration(
            makeAudioOutput: outputs.makeAudioOutput, videoOutput: outputs.videoOutput,
            isUntimed: outputs.isUntimed, decoderThreads: options.decoderThreads, clock: clock)
        configuration.audioFilterChain = options.audioFilterChain
        configuration.videoFilterChain = options.videoFilterChain
        configuration.replayGain = options.replayGain
        configuration.replayGainPreamp = options.replayGainPreamp
        configuration.replayGainPreventsClipping = !options.replayGainClips
        let player = QueuePlayer(items: [], configuration: configuration)
        player.prerollsNextItem = options.isGapless
        player.defaultRate = options.speed
        player.volume = options.volumePercent / 100
        player.isMuted = options.isMuted
        player.audioDelay = MediaTime(seconds: options.audioDelay, preferredTimescale: 1_000_000)
        player.subtitleDelay = MediaTime(seconds: options.subtitleDelay, preferredTimescale: 1_000_000)
        if let language = options.audioLanguage {
            player.setMediaSelectionCriteria(
                MediaSelectionCriteria(preferredLanguages: [language]), forMediaCharacteristic: .audible)
        }
        if let languages = options.subtitleLanguages {
            player.setMediaSelectionCriteria(
                MediaSelectionCriteria(preferredLanguages: languages), forMediaCharacteristic: .legible)
        }
        return player
    }
}
