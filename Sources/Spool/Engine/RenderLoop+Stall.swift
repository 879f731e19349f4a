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
                if beginStall(generation: generation, holdingAt: shownEnd) {
                    return waitOutStall(generation: generation)
                }
            }
        }
    }

    /// Marks a stall when playback is running dry; the clock stops at `time` (the end of the
    /// last frame shown, not where it ran on to in the dry wait).
    private func beginStall(generation: Int, holdingAt time: MediaTime) -> Bool {
        let dry = packetsDry()
        return control.update { state -> Bool in
            guard state.rate > 0, !state.stopped, !state.endReported, !state.isStalled, state.isVideoShown,
                state.generation == generation, dry
            else { return false }
            state.isStalled = true
            state.bufferCanResume = false
            let now = HostTime.now()
            clock.anchor(media: time, at: now)
            clock.setPaused(true, at: now)
            return true
        }
    }

    /// Reports the stall, waits for the next item and for the buffer (as the audio thread
    /// does), then restarts the clock at the rate asked for and reports the stall's end.
    private func waitOutStall(generation: Int) -> FrameItem? {
        let start = HostTime.now()
        events.send(.stalled(true))
        let next = frames.pop()?.element
        if let next, case .frame = next.content {
            control.waitUntilLikelyToKeepUp(generation: generation)
        }
        let now = HostTime.now()
        control.update { state in
            state.isStalled = false
            clock.setPaused(state.rate == 0, at: now)
        }
        statistics.update {
            $0.stalls += 1
            $0.stallTime += (now - start).timeInterval
        }
        events.send(.stalled(false))
        return next
    }
}
