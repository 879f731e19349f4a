import SpoolCore

/// Stalls of an item without audio. With audio the audio thread finds them (its queue runs
/// dry); without it nothing did, and a video-only stream that ran out of data played on
/// with the clock running past the missing frames, dropping them when they came. Here the
/// render thread, which drives the clock, finds a stall: its frame queue and the video
/// packet queue both empty while playing, after the generation's first frame. It holds
/// the clock at the end of the last frame shown, reports the stall, and resumes (as the
/// audio thread does) once the buffer is likely to keep up.
extension RenderLoop {
    /// How long the frame queue may stay empty before the render thread looks for a stall:
    /// as for audio, a short wait is the decoder being busy, not a stall.
    static let dryWait = Duration.milliseconds(100)

    /// The next frame queue item; `nil` when the queue ended. Detects and waits out a stall
    /// when this thread drives the clock and `shownEnd` says the generation has shown a frame.
    func nextFrame(generation: Int, shownEnd: MediaTime?) -> FrameItem? {
        guard drivesClock, !isUntimed, let shownEnd else { return frames.pop()?.element }
        while true {
            switch frames.pop(timeout: Self.dryWait) {
            case .element(let item, _): return item
            case .ended: return nil
            case .timedOut:
                let start = clock.hostNow
                if beginStall(generation: generation, holdingAt: shownEnd, at: start) {
                    return control.waitOutStall(
                        generation: generation, startedAt: start, clock: clock, statistics: statistics,
                        events: events, next: { frames.pop()?.element },
                        endsStream: { if case .frame = $0.content { false } else { true } })
                }
            }
        }
    }

    /// Marks a stall when playback is running dry; the clock stops at `time` (the end of the
    /// last frame shown, not where it ran on to in the dry wait).
    private func beginStall(generation: Int, holdingAt time: MediaTime, at now: Duration) -> Bool {
        let dry = packetsDry()
        return control.update { state -> Bool in
            guard state.rate > 0, !state.stopped, !state.endReported, !state.isStalled, state.isVideoShown,
                state.generation == generation, dry
            else { return false }
            state.isStalled = true
            state.bufferCanResume = false
            clock.anchor(media: time, at: now)
            clock.setPaused(true, at: now)
            return true
        }
    }
}
