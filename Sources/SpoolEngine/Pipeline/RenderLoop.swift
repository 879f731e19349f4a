import SpoolCore

/// The render thread: takes decoded frames and presents each when the master clock reaches
/// it (or at once when untimed), dropping frames that are too late, measuring A/V sync, and
/// completing seeks when their first frame is on screen.
final class RenderLoop: Sendable {
    private let output: any VideoOutput
    let control: PipelineControl
    let frames: BoundedBlockingQueue<FrameItem>
    let clock: PlaybackClock
    let statistics: PipelineStatistics
    let isUntimed: Bool
    /// Whether this thread drives the master clock (no audio stream is playing).
    let drivesClock: Bool
    let events: PipelineEvents
    private let schedule = FrameSchedule()
    /// Prepares the output for a prerolled item's stream once the item is current (nil: done).
    private let prepareOutput: (@Sendable () throws(VideoOutputError) -> Void)?
    private let outputPrepared = Locked(false)
    /// Called when the last frame is out: a prerolled next item may present from then on.
    private let finished: @Sendable () -> Void
    /// Whether the video packet queue is empty and the demuxer is not held by a full queue: a
    /// dry frame queue is a stall only when the packets ran out too (otherwise the decoder is
    /// merely behind, or the video is sparse).
    let packetsDry: @Sendable () -> Bool
    /// The audio device whose position drives the clock, when one does: a stall the render
    /// thread finds pauses it with the clock, and resumes it with the clock.
    let clockAudio: (any AudioOutput)?

    init(
        output: any VideoOutput, control: PipelineControl, frames: BoundedBlockingQueue<FrameItem>,
        clock: PlaybackClock, statistics: PipelineStatistics, isUntimed: Bool, drivesClock: Bool,
        events: PipelineEvents, prepareOutput: (@Sendable () throws(VideoOutputError) -> Void)? = nil,
        finished: @escaping @Sendable () -> Void = {}, packetsDry: @escaping @Sendable () -> Bool,
        clockAudio: (any AudioOutput)? = nil
    ) {
        self.packetsDry = packetsDry
        self.clockAudio = clockAudio
        self.finished = finished
        self.prepareOutput = prepareOutput
        self.output = output
        self.control = control
        self.frames = frames
        self.clock = clock
        self.statistics = statistics
        self.isUntimed = isUntimed
        self.drivesClock = drivesClock
        self.events = events
    }

    /// Runs until the frame queue is closed. Blocks: call on the render thread only.
    func run() {
        var generation = 0
        var firstOfGeneration = true
        let endTime = control.withLock { $0.endTime }
        guard waitUntilCurrent() else { return }
        // The end of the last frame shown in this generation: where a stall holds the clock.
        var shownEnd: MediaTime?
        while let item = nextFrame(generation: generation, shownEnd: shownEnd) {
            if item.generation < control.generation { continue }  // decoded before a seek
            if item.generation != generation {
                generation = item.generation
                firstOfGeneration = true
                shownEnd = nil
            }
            switch item.content {
            case .frame(let frame):
                // Decoded before the end time, shown after it (reordered frames): not shown.
                if let endTime, frame.presentationTime >= endTime { continue }
                guard waitUntilDue(frame, generation: generation, isFirst: firstOfGeneration) else { continue }
                guard prepareOutputOnce() else { return }
                present(frame, generation: generation, isFirst: firstOfGeneration)
                firstOfGeneration = false
                if frame.presentationTime.isNumeric {
                    shownEnd = frame.presentationTime + (frame.duration.isNumeric ? frame.duration : .zero)
                }
            case .endOfStream:
                finished()
                events.streamEnded(.video, generation: generation, failure: nil, endsAt: shownEnd)
                shownEnd = nil  // nothing more to show in this generation: no stall to find
            case .failure(let failure):
                finished()
                events.streamEnded(.video, generation: generation, failure: failure, endsAt: shownEnd)
                shownEnd = nil
            }
        }
    }

    /// A prerolled item shows nothing until the player makes it current or, timed with
    /// audio, until its audio has the device (the clock then reaches its first frame exactly
    /// when the join is heard, before the player's own switch). `false` when the item
    /// stopped first.
    private func waitUntilCurrent() -> Bool {
        let joinsByAudio = !isUntimed && !drivesClock
        let current = control.wait(timeout: nil) { $0.renderMayShow(joinsByAudio: joinsByAudio) }
        return current == true
    }

    /// Prepares the output for a prerolled item's stream right before its first frame, when
    /// the previous item's last frame is out (both clocks follow the same audio device).
    private func prepareOutputOnce() -> Bool {
        guard let prepareOutput else { return true }
        let first = outputPrepared.withLock { prepared -> Bool in
            defer { prepared = true }
            return !prepared
        }
        guard first else { return true }
        do {
            try prepareOutput()
        } catch {
            events.fail(
                PlaybackError(.videoOutputFailed, "\(error)", underlying: error), generation: control.generation)
            return false
        }
        return true
    }

    /// Waits until `frame` is due. Returns `false` when it must not be shown: it was dropped
    /// as late, or a seek made it stale while waiting.
    private func waitUntilDue(_ frame: any VideoFrame, generation: Int, isFirst: Bool) -> Bool {
        if isUntimed {
            // As fast as possible, but a pause still holds: a generation's first frame (the
            // landing frame of a seek) is shown, then nothing until play. Before, untimed
            // playback ignored rate 0 and `spool play --pause --untimed` wrote every frame.
            return control.wait(timeout: nil) { $0.renderMayProceed(generation: generation, isFirst: isFirst) } == true
        }
        if isFirst, drivesClock {
            // Without audio, the first frame of a generation sets the clock.
            clock.anchor(media: frame.presentationTime, at: clock.hostNow)
        }
        while true {
            // Paused: show the first frame of a generation (the seek's landing frame), then hold.
            let proceed = control.wait(timeout: nil) { $0.renderMayProceed(generation: generation, isFirst: isFirst) }
            guard proceed == true else { return false }
            if isFirst && control.withLock({ $0.rate == 0 }) { return true }
            let now = clock.hostNow
            let next = frame.duration.isNumeric ? frame.presentationTime + frame.duration : nil
            // The audio delay moves the video against the clock the audio drives: a frame is
            // due `delay` earlier, so the audio is heard that much later than its picture.
            let decision = schedule.decide(
                presentationTime: frame.presentationTime, nextPresentationTime: next,
                clock: clock.mediaTime(at: now) + audioDelay, rate: clock.rate, isFirstFrame: isFirst)
            switch decision {
            case .present:
                return true
            case .drop:
                statistics.update { $0.framesDropped += 1 }
                return false
            case .wait(let duration):
                // Sleep on the control condition, so pause, seek and stop wake us at once.
                _ = control.wait(timeout: duration) { $0.interruptsFrameWait(generation: generation) ? true : nil }
            }
        }
    }

    /// The audio delay the video follows (none while this thread drives the clock: without
    /// audio there is nothing to delay against).
    private var audioDelay: MediaTime {
        drivesClock ? .zero : control.withLock { $0.audioDelay }
    }

    private func present(_ frame: any VideoFrame, generation: Int, isFirst: Bool) {
        do {
            try output.present(frame)
        } catch {
            events.fail(PlaybackError(.videoOutputFailed, "\(error)"), generation: generation)
            return
        }
        statistics.update { $0.framesPresented += 1 }
        if !isUntimed, !isFirst {
            let error = (clock.mediaTimeNow + audioDelay - frame.presentationTime).seconds * 1000
            statistics.recordSyncError(milliseconds: error)
        }
        if isFirst { events.generationStarted(generation, by: .video, at: frame.presentationTime) }
    }
}
