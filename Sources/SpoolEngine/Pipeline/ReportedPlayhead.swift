import SpoolCore

/// The playhead as reported to apps: never behind what was reported before within one stretch
/// of playback. A stretch is a generation (a seek, the start, a release's re-read start a new
/// one) before or after its first frame: until then the playhead is the seek's target, from
/// then on where the seek landed, which for a keyframe seek lies before the target.
///
/// The audio thread re-anchors the clock after every write (written end minus the device's
/// latency); such an anchor can land a few milliseconds behind the time extrapolated since
/// the one before — the first after the start by 11 ms in one CI run, which an mpv IPC client
/// saw as time-pos going backwards. The reported time holds until the clock passes it. The
/// engine's own scheduling reads the clock itself, so gapless joins and frame timing are
/// unchanged.
struct ReportedPlayhead: Sendable {
    private var last: (stretch: Stretch, time: MediaTime)?

    /// A generation, before or after its first frame.
    struct Stretch: Equatable, Sendable {
        let generation: Int
        let started: Bool

        /// The stretch of `generation`: before or after its first frame when a seek began it
        /// (held at the target, then where it landed, which may lie before it); one stretch
        /// from start to end when none did (the item's start, a start position aside). There
        /// nothing lands, so nothing may go back: the audio's first anchors came in before
        /// the first frame was reported and the first after it reset the hold, and an mpv
        /// IPC client saw time-pos go from 0.0376 to 0.0086 (ThreadSanitizer real-time lane).
        static func of(generation: Int, started: Bool, beganWithASeek: Bool) -> Stretch {
            Stretch(generation: generation, started: beganWithASeek ? started : true)
        }
    }

    /// What to report for the clock's `time` in `stretch`.
    mutating func report(_ time: MediaTime, in stretch: Stretch) -> MediaTime {
        if let last, last.stretch == stretch, time < last.time { return last.time }
        last = (stretch, time)
        return time
    }
}
