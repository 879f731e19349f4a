public import SpoolCore
import SpoolEngine

extension Player {
    /// How much later the audio is heard than the video it belongs with, as mpv's
    /// `audio-delay`: positive delays the audio, negative the video. The player shows each
    /// video frame this much earlier against the clock the audio drives, so the audio and the
    /// playhead (`currentTime()`) are untouched and the A/V offset changes by exactly this.
    /// Applies to the current item, the prerolled one and every later one; a change takes
    /// effect from the next frame shown, without a seek. Ignored for items without audio.
    /// Not a number reads as zero.
    public var audioDelay: MediaTime {
        get { storedAudioDelay }
        set {
            storedAudioDelay = newValue.isNumeric ? newValue : .zero
            applyDelaysToLoadedItems()
        }
    }

    /// How much later subtitle cues are shown than their stated times, as mpv's `sub-delay`:
    /// each cue delivered (`PlayerItem` cue events, the view's subtitles) starts and ends this
    /// much later (negative: earlier). Applies to the current item, the prerolled one and every
    /// later one; cues already delivered keep their times. Not a number reads as zero.
    public var subtitleDelay: MediaTime {
        get { storedSubtitleDelay }
        set {
            storedSubtitleDelay = newValue.isNumeric ? newValue : .zero
            applyDelaysToLoadedItems()
        }
    }

    /// Hands both delays to the current item's pipeline and the prerolled one's.
    private func applyDelaysToLoadedItems() {
        if let playback { applyDelays(to: playback) }
        if let prerolled { applyDelays(to: prerolled.playback) }
    }

    /// Hands both delays to an item's pipeline.
    func applyDelays(to playback: any ItemPlayback) {
        playback.setAudioDelay(storedAudioDelay)
        playback.setSubtitleDelay(storedSubtitleDelay)
    }
}
