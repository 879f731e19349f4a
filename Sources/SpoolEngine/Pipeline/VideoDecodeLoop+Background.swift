import SpoolCore
import SpoolMedia

/// Background playback: while the video output shows nothing (its window hidden or
/// minimised, no Picture-in-Picture), the decoder idles. Packets still leave the queue at the
/// pace of the clock — the demuxer keeps reading for the audio, and the queue stays bounded
/// by the forward buffer as in normal playback — and only those since the last keyframe are
/// kept (`held`). When the video is shown again they are decoded with everything before the
/// clock discarded, so the picture comes back at the audio's position, not seconds behind or
/// ahead, and without waiting for the next keyframe.
extension VideoDecodeLoop {
    /// Whether decoding should pause now: the video is not shown, and the current generation
    /// already has its first frame out (a seek completes when its landing frame is shown).
    func shouldSuspend(generation: Int) -> Bool {
        control.withLock { state in
            !state.isVideoShown && state.generationStarted && state.generation == generation && !state.stopped
        }
    }

    /// Leaves `packet` undecoded (it is in `held`) and waits until the clock reaches it.
    /// Returns `true` when the video is shown again meanwhile and `packet` must be decoded now
    /// (the held packets before it have been); `false` when it stays undecoded.
    func holdWhileHidden(
        _ packet: DemuxedPacket, generation: Int, discardBefore: inout MediaTime?
    ) throws(FFmpegError) -> Bool {
        if !isSuspended {
            isSuspended = true
            decoder.flush()
        }
        guard waitUntilDueOrShown(packet.presentationTime, generation: generation) else { return false }
        // Shown again: pre-roll from the last keyframe to the clock, like an accurate seek.
        isSuspended = false
        // Ends with `packet`, or is empty when no keyframe is held.
        let pending = held.packets
        guard pending.last === packet else {
            awaitsKeyframe = !packet.isKeyframe
            return packet.isKeyframe
        }
        let now = clock.mediaTimeNow
        if now.isNumeric { discardBefore = max(discardBefore ?? now, now) }
        for earlier in pending.dropLast() {
            do {
                try decode(earlier, generation: generation, discardBefore: &discardBefore)
            } catch .invalidData {
                continue
            }
        }
        return true
    }

    /// Waits until the clock reaches `time` while the video stays hidden. Returns `true` when
    /// it is shown again (same generation, not stopped), `false` otherwise.
    private func waitUntilDueOrShown(_ time: MediaTime, generation: Int) -> Bool {
        while true {
            let (shown, stale, rate) = control.withLock { state in
                (state.isVideoShown, state.stopped || state.generation != generation, state.rate)
            }
            if stale { return false }
            if shown { return true }
            let now = clock.mediaTimeNow
            guard time.isNumeric, now.isNumeric, now < time else { return false }
            // Paused: nothing is due until the rate, the visibility or the generation changes.
            let timeout: Duration? =
                rate == 0 ? nil : .seconds(min(max((time - now).seconds / rate, 0.002), 0.1))
            _ = control.wait(timeout: timeout) {
                $0.endsHiddenDecoderWait(generation: generation, rate: rate) ? true : nil
            }
        }
    }
}
