import SpoolCore

/// What the demux thread does next, decided under the control lock.
enum DemuxCommand: Equatable {
    /// The item stopped: the thread returns.
    case stop
    /// Perform the seek, which began this generation.
    case seek(SeekRequest, generation: Int)
    /// Switch to another audio track of the same file, in this generation.
    case switchAudio(AudioSwitchRequest, generation: Int)
    /// Read the next packet for this generation.
    case read(generation: Int)
    /// The pipeline's memory was released in this generation (`resourcesReleased`): tell
    /// the decoders, then read nothing until playback resumes.
    case release(generation: Int)
}

/// Every wait of a pipeline thread, as a decision over the control state.
///
/// The threads share `PipelineControlState` behind one condition variable; each blocks in
/// `ConditionLock.wait` until a decision here gives an answer (`nil` is "keep waiting"),
/// then carries it out. Keeping the decisions here, as plain functions of the state, makes
/// the rules one reads in one place and tests without threads (PipelineThreadDecisionsTests);
/// the loops keep only the doing. A decision that consumes a request (the demuxer's seek or
/// audio switch) is `mutating` and runs under the lock, so exactly one thread takes it.
extension PipelineControlState {
    /// The demux thread's next command, or `nil` to wait. A stop wins over everything. A
    /// release is announced once per generation (`releasedGeneration` is the last one the
    /// thread announced) and then holds every read until a seek or resume clears it. A
    /// pending seek goes before an audio switch, because the switch re-reads from the
    /// playhead the seek moves. At the end of the stream the thread waits for a seek.
    mutating func nextDemuxCommand(atEnd: Bool, releasedGeneration: Int?) -> DemuxCommand? {
        if stopped { return .stop }
        if resourcesReleased {
            return releasedGeneration == generation ? nil : .release(generation: generation)
        }
        if let seek = pendingDemuxSeek {
            pendingDemuxSeek = nil
            return .seek(seek, generation: generation)
        }
        if let audioSwitch = pendingAudioSwitch {
            pendingAudioSwitch = nil
            return .switchAudio(audioSwitch, generation: generation)
        }
        return atEnd ? nil : .read(generation: generation)
    }

    /// Whether the demuxer's start-up hold (enough is queued for the first frame) ends: the
    /// first frame is out, the item stopped, or a seek waits to be performed.
    var endsFirstFrameHold: Bool { firstFrameReported || stopped || pendingDemuxSeek != nil }

    /// Whether a render thread may start showing frames: `false` once the item stopped,
    /// `true` when the item is current or, for a prerolled item joined by its audio
    /// (`joinsByAudio`), when its audio has the device and the previous item's last frame is
    /// out; `nil` (wait) otherwise.
    func renderMayShow(joinsByAudio: Bool) -> Bool? {
        if stopped { return false }
        return isActive || (joinsByAudio && audioHasDevice && previousVideoDone) ? true : nil
    }

    /// Whether a frame of `generation` may go on towards the screen: `false` when it is stale
    /// (a seek or a stop), `nil` while paused, except for a generation's first frame (the
    /// seek's landing frame is shown paused), `true` otherwise.
    func renderMayProceed(generation: Int, isFirst: Bool) -> Bool? {
        if stopped || self.generation != generation { return false }
        if rate == 0 && !isFirst { return nil }
        return true
    }

    /// Whether the render thread's sleep until a frame of `generation` is due must end early:
    /// a pause, a seek or a stop changes what is due.
    func interruptsFrameWait(generation: Int) -> Bool {
        stopped || self.generation != generation || rate == 0
    }

    /// Whether a stall in `generation` is over for the waiting thread: the buffer is judged
    /// likely to keep up, the app turned waiting off, or a seek or stop made it moot.
    func endsStallWait(generation: Int) -> Bool {
        stopped || self.generation != generation || bufferCanResume || !waitsToMinimizeStalling
    }

    /// Whether the hidden video decoder's wait (for a frame's time, at `rate`) must end
    /// early: the video is shown again, the rate changed, or a seek or stop.
    func endsHiddenDecoderWait(generation: Int, rate: Double) -> Bool {
        isVideoShown || stopped || self.generation != generation || self.rate != rate
    }
}
