import Foundation
import SpoolCore
import SpoolHLS

/// The subtitle thread: pulls cues from the item's feed ahead of the playhead and delivers
/// each when the playhead reaches its start (`CueSchedule`), following seeks (a new
/// generation) and subtitle selection changes. While cues are due it waits at most 50 ms (or
/// until the next cue); idle (paused, or nothing left) it sleeps until the pipeline's control
/// changes, at most a second. Made and run on its own thread.
final class SubtitleLoop: Sendable {
    /// Makes the feed for a subtitle choice, positioned at a time; `nil` for none.
    typealias MakeFeed = @Sendable (SubtitleChoice, MediaTime) -> (any CueFeed)?

    /// The subtitle option chosen now and how often the choice changed.
    struct SubtitleChoice: Sendable {
        var option: MediaSelectionOption?
        var version = 0
    }

    private let control: PipelineControl
    private let clock: PlaybackClock
    private let choice: (@Sendable () -> SubtitleChoice)?
    private let makeFeed: MakeFeed
    private let deliver: @Sendable (LegibleCue) -> Void
    /// Untimed playback: cues go out as soon as they are read, and this is called with the
    /// generation once every cue of it was delivered. `nil` when timed.
    private let untimedDone: (@Sendable (Int) -> Void)?
    /// How far ahead of the playhead cues are pulled.
    private let lookahead = MediaTime(value: 10, timescale: 1)
    private let longestWait = Duration.milliseconds(50)

    /// A loop over the feed `makeFeed` gives for the current `choice()` (or, without `choice`,
    /// for a sidecar: one feed for the whole item).
    init(
        control: PipelineControl, clock: PlaybackClock, choice: (@Sendable () -> SubtitleChoice)?,
        makeFeed: @escaping MakeFeed,
        deliver: @escaping @Sendable (LegibleCue) -> Void, untimedDone: (@Sendable (Int) -> Void)?
    ) {
        self.control = control
        self.clock = clock
        self.choice = choice
        self.makeFeed = makeFeed
        self.deliver = deliver
        self.untimedDone = untimedDone
    }

    /// Runs until the pipeline stops, starting at `mediaStart` (or at a seek made while the
    /// item was opening): not at the playhead, which untimed playback may have moved past
    /// the first cues before this thread runs. Blocks: call on the subtitle thread only.
    func run(mediaStart: MediaTime) {
        let (initialGeneration, start) = control.withLock { ($0.generation, $0.seek?.target) }
        var generation = initialGeneration
        var version = choice?().version ?? 0
        var position = start ?? mediaStart
        var feed = makeFeed(choice?() ?? SubtitleChoice(), position)
        var schedule = CueSchedule(at: position)
        var feedEnded = feed == nil
        defer { feed?.close() }
        while true {
            let (stopped, currentGeneration, seekTarget, rate) = control.withLock {
                ($0.stopped, $0.generation, $0.seek?.target, $0.rate)
            }
            if stopped { return }
            if currentGeneration != generation {
                generation = currentGeneration
                position = (seekTarget ?? playhead()) - control.withLock { $0.subtitleDelay }
                feed?.seek(to: position, generation: generation)
                schedule.reposition(at: position)
                feedEnded = feed == nil
            }
            if let choice = choice?(), choice.version != version {
                version = choice.version
                position = playhead() - control.withLock { $0.subtitleDelay }
                feed?.close()
                feed = makeFeed(choice, position)
                schedule.reposition(at: position)
                feedEnded = feed == nil
            }
            // With a subtitle delay, a cue is due when the playhead reaches its start plus the
            // delay, and goes out with its times moved by it: the schedule runs `delay` behind.
            let delay = control.withLock { $0.subtitleDelay }
            let now = untimedDone == nil ? playhead() - delay : .positiveInfinity
            for cue in schedule.due(at: now) { deliver(cue.delayed(by: delay)) }
            if let untimedDone, feedEnded {
                untimedDone(generation)
            }
            let wait = timeUntilNextCue(schedule, at: now)
            let wantsMore = untimedDone != nil || (now.isNumeric && schedule.coveredUntil < now + lookahead)
            if let active = feed, !feedEnded, wantsMore {
                switch active.next(timeout: wait) {
                case .cues(let cues, let end)?: schedule.add(cues, coveredUntil: end)
                case .end?, .failed?: feedEnded = true
                case nil: break
                }
            } else {
                // Paused, or nothing left to deliver: sleep until something changes (every
                // control change wakes this; `PipelinePlayback.select` makes one), checking
                // at least every second.
                let idle = rate == 0 || (feedEnded && schedule.nextStart == nil)
                _ = control.wait(timeout: idle ? .seconds(1) : wait) { state -> Bool? in
                    state.stopped || state.generation != generation || state.rate != rate ? true : nil
                }
            }
        }
    }

    private func playhead() -> MediaTime {
        clock.mediaTimeNow
    }

    /// Host time until the next cue starts at the current rate, at most `longestWait`.
    private func timeUntilNextCue(_ schedule: CueSchedule, at now: MediaTime) -> Duration {
        guard let next = schedule.nextStart, now.isNumeric, next.isNumeric else { return longestWait }
        let rate = max(control.withLock { $0.rate }, 0.5)
        let seconds = max((next - now).seconds / rate, 0.001)
        return min(.milliseconds(Int64(seconds * 1000)), longestWait)
    }
}
