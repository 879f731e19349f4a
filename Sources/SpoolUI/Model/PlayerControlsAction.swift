/// What the overlay asks for. The model only decides; an adapter (`PlayerControlsController`)
/// applies player actions to a `Player` and hands view actions (full screen, PiP, quit) to
/// the view.
public enum PlayerControlsAction: Sendable, Equatable {
    /// Play at the chosen speed.
    case play
    /// Pause.
    case pause
    /// Seek to the start and play (after the end).
    case replay
    /// Seek to `to` seconds: `exact` lands on that frame (clicks, releases), otherwise on a
    /// nearby keyframe (scrubbing, keys), which is fastest.
    case seek(to: Double, exact: Bool)
    /// Jump to a live stream's edge.
    case seekToLiveEdge
    /// Set the speed (playing continues at it; paused plays at it later).
    case setRate(Float)
    /// Set the volume, 0…1.
    case setVolume(Float)
    /// Mute or unmute.
    case setMuted(Bool)
    /// Select a subtitle option by index; `nil` turns subtitles off.
    case selectSubtitle(index: Int?)
    /// Select an audio option by index.
    case selectAudio(index: Int)
    /// Play on the audio output device at `index` of the snapshot's `audioOutputs`.
    case selectAudioOutput(index: Int)
    /// Play the variant at `index` of the snapshot's `qualityOptions`; `nil` is Auto.
    case selectQuality(index: Int?)
    /// Go to the previous item.
    case previousItem
    /// Go to the next item.
    case nextItem
    /// Load the failed item again.
    case retry
    /// End the interstitial playing (Skip).
    case skipInterstitial
    /// Enter or leave full screen.
    case toggleFullScreen
    /// Leave full screen (Esc).
    case exitFullScreen
    /// Start or stop Picture-in-Picture.
    case togglePictureInPicture
    /// Close the player (the `q` key).
    case quit
}
