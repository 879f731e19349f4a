import SpoolCore

/// Stalls found from the video side.
///
/// Without audio, nothing else finds them: a video-only stream that ran out of data played on
/// with the clock running past the missing frames, dropping them when they came. The render
/// thread, which drives the clock then, finds a stall: its frame queue and the video packet
/// queue both empty while playing, after the generation's first frame. It holds the clock at
/// the end of the last frame shown, reports the stall, and resumes (as the audio thread does)
/// once the buffer is likely to keep up.
///
/// With audio, the audio thread finds a stall when its queue runs dry, but that is late for
/// the video: the decoder holds back the frames before a missing packet (it reorders), so the
/// last frames cut off by an outage are not out when the audio still plays on to the end of
/// its data; at the resume they were due long ago and were dropped as late. So the render
/// thread also looks when the next frame is due: none decoded, the video packets ran out and
/// the demuxer is starved (not held by a full queue, not at the end) is a stall, found then.
/// The clock and the audio device pause together where the clock is (the audio is the clock:
/// it is not moved), so the next frame, when it comes, is at most a frame late and is shown.
extension RenderLoop {
    /// How long the frame queue may stay empty before the render thread looks for a stall
    /// without audio: as for audio, a short wait is the decoder being busy, not a stall.
    static let dryWait = Duration.milliseconds(100)

    /// The next frame queue item; `nil` when the queue ended. Detects and waits out a stall
    /// when `shownEnd` says the generation has shown a frame and more are expected.
    func nextFrame(generation: Int, shownEnd: MediaTime?) -> FrameItem? {
        guard !isUntimed, let shownEnd else { return frames.pop()?.element }
        var wait = drivesClock ? Self.dryWait : untilDue(shownEnd)
        while true {
            switch frames.pop(timeout: wait) {
            case .element(let item, _): return item
            case .ended: return nil
            case .timedOut:
                let start = clock.hostNow
                if beginStall(generation: generation, holdingAt: shownEnd, at: start) {
                    if let item = control.waitOutStall(
                        generation: generation, startedAt: start, clock: clock, statistics: statistics,
                        events: events, audio: clockAudio, next: { nextWhileStalled(generation: generation) },
                        endsStream: { if case .frame = $0.content { false } else { true } })
                    {
                        return item
                    }
                    // Ended without a frame: the queue ended (the next pop says so), or the
                    // demuxer is held after all; wait as before.
                }
                wait = drivesClock ? Self.dryWait : recheck(shownEnd)
            }
        }
    }

    /// With audio: how long until the clock reaches `shownEnd`, where the next frame is due
    /// (at most `dryWait`, so a clock that is paused or slowed is looked at again).
    private func untilDue(_ shownEnd: MediaTime) -> Duration {
        let ahead = (shownEnd - clock.mediaTimeNow).seconds / max(clock.rate, 0.01)
        guard ahead.isFinite, ahead > 0 else { return .zero }
        return min(.milliseconds(Int64(ahead * 1000) + 1), Self.dryWait)
    }

    /// With audio, after a look that found no stall: when to look again. While the next frame
    /// is overdue by less than `dryWait`, soon (a frame later than one frame's duration is
    /// dropped, and the source may be found starved a moment later); after that, or before
    /// the frame is due, as for a dry queue.
    private func recheck(_ shownEnd: MediaTime) -> Duration {
        let overdue = (clock.mediaTimeNow - shownEnd).seconds
        guard overdue >= 0 else { return max(untilDue(shownEnd), .milliseconds(1)) }
        return overdue < Self.dryWait.timeInterval ? Self.overdueRecheck : Self.dryWait
    }

    /// How often an overdue frame's absence is looked at again.
    static let overdueRecheck = Duration.milliseconds(10)

    /// The next frame while stalled; `nil` when the queue ended, or when waiting on is wrong:
    /// the demuxer is held by a full queue (the video is sparse, not starved), a seek began
    /// or playback stopped.
    private func nextWhileStalled(generation: Int) -> FrameItem? {
        while true {
            switch frames.pop(timeout: Self.dryWait) {
            case .element(let item, _): return item
            case .ended: return nil
            case .timedOut:
                let moved = control.withLock { $0.generation != generation || $0.stopped }
                if moved || !packetsDry() { return nil }
            }
        }
    }

    /// Marks a stall when playback is running dry. Without audio the clock stops at `time`
    /// (the end of the last frame shown, not where it ran on to in the dry wait); with audio
    /// only once that frame's end is reached, where the clock and the device both are.
    private func beginStall(generation: Int, holdingAt time: MediaTime, at now: Duration) -> Bool {
        let dry = packetsDry()
        return control.update { state -> Bool in
            guard state.rate > 0, !state.stopped, !state.endReported, !state.isStalled, state.isVideoShown,
                state.generation == generation, dry
            else { return false }
            if !drivesClock {
                guard !state.sourceEnded, !state.videoEnded, clock.mediaTime(at: now) >= time else { return false }
            }
            state.isStalled = true
            state.bufferCanResume = false
            if drivesClock { clock.anchor(media: time, at: now) }
            clock.setPaused(true, at: now)
            clockAudio?.setPaused(true)
            return true
        }
    }
}
