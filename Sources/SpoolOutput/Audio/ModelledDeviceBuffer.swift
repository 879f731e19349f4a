/// The buffer of an imaginary sound card that plays `sampleRate` frames per second: the
/// model behind `NullAudioOutput` (like mpv's ao_null).
///
/// A pure state machine over plain times: callers pass `now`, it answers how much is
/// queued, how much room there is and when room will appear. Queued audio drains at the
/// sample rate unless paused. Exact in frames: consecutive writes never re-anchor the
/// timeline, so no rounding accumulates; only an underrun (the queue ran dry) or a pause
/// restarts it.
struct ModelledDeviceBuffer: Sendable, Equatable {
    /// How many frames the device holds.
    let capacityFrames: Int
    /// The device's "period": a blocked write waits until at least this much room is free
    /// (or its whole remainder, if smaller), so a device that is full wakes writers in
    /// chunks rather than frame by frame.
    let periodFrames: Int
    /// Frames played per second.
    let sampleRate: Int
    /// Whether playback is paused (nothing drains).
    private(set) var isPaused = false
    /// When `queuedAtAnchor` was measured.
    private var anchor: Duration = .zero
    /// Frames queued at `anchor`.
    private var queuedAtAnchor = 0

    /// An empty device holding `capacity` of audio at `sampleRate`, with a period of a
    /// quarter of it.
    init(capacity: Duration, sampleRate: Int) {
        self.sampleRate = max(sampleRate, 1)
        capacityFrames = max(Self.frames(in: capacity, sampleRate: self.sampleRate), 1)
        periodFrames = max(capacityFrames / 4, 1)
    }

    /// Frames waiting to be played at `now`.
    func queuedFrames(at now: Duration) -> Int {
        guard !isPaused else { return queuedAtAnchor }
        let played = Self.frames(in: now - anchor, sampleRate: sampleRate)
        return max(queuedAtAnchor - played, 0)
    }

    /// How many of `wanted` frames the device takes at `now`: all that fit, once at least
    /// `min(wanted, periodFrames)` fit; otherwise none.
    func acceptableFrames(of wanted: Int, at now: Duration) -> Int {
        let room = capacityFrames - queuedFrames(at: now)
        return room >= min(wanted, periodFrames) ? min(room, wanted) : 0
    }

    /// When a write of `wanted` frames, refused at the moment, will be able to proceed;
    /// `nil` while paused (only resuming or flushing can make room).
    func instantWhenAccepting(_ wanted: Int) -> Duration? {
        instantWhenQueueDrops(to: capacityFrames - min(wanted, periodFrames))
    }

    /// When the queue will have drained to `frames` or fewer; `nil` while paused.
    func instantWhenQueueDrops(to frames: Int) -> Duration? {
        guard !isPaused else { return nil }
        return anchor + Self.durationRoundedUp(ofFrames: max(queuedAtAnchor - frames, 0), sampleRate: sampleRate)
    }

    /// Queues `frames` at `now` (the caller has checked they fit).
    mutating func enqueue(_ frames: Int, at now: Duration) {
        if queuedFrames(at: now) == 0 {
            // Empty or underrun: the device idled, so its timeline restarts now.
            anchor = now
            queuedAtAnchor = frames
        } else {
            queuedAtAnchor += frames
        }
    }

    /// Pauses or resumes draining at `now`.
    mutating func setPaused(_ paused: Bool, at now: Duration) {
        guard paused != isPaused else { return }
        queuedAtAnchor = queuedFrames(at: now)
        anchor = now
        isPaused = paused
    }

    /// Discards everything queued.
    mutating func flush(at now: Duration) {
        anchor = now
        queuedAtAnchor = 0
    }

    /// Whole frames played in `duration` (zero for negative durations), without overflow
    /// for any realistic duration.
    static func frames(in duration: Duration, sampleRate: Int) -> Int {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0, attoseconds >= 0 else { return 0 }
        let subsecondNanoseconds = attoseconds / 1_000_000_000
        return Int(seconds) * sampleRate + Int(subsecondNanoseconds) * sampleRate / 1_000_000_000
    }

    /// The shortest duration in which at least `frames` frames play.
    static func durationRoundedUp(ofFrames frames: Int, sampleRate: Int) -> Duration {
        let seconds = frames / sampleRate
        let remainder = frames % sampleRate
        let nanoseconds = (remainder * 1_000_000_000 + sampleRate - 1) / sampleRate
        return .seconds(seconds) + .nanoseconds(nanoseconds)
    }
}
