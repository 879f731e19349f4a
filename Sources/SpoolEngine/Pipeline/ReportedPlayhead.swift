import SpoolCore

/// The playhead as reported to apps: never behind what was reported before within one
/// generation (a seek, the start, a release's re-read start a new one).
///
/// The audio thread re-anchors the clock after every write (written end minus the device's
/// latency); such an anchor can land a few milliseconds behind the time extrapolated since
/// the one before — the first after the start by 11 ms in one CI run, which an mpv IPC client
/// saw as time-pos going backwards. The reported time holds until the clock passes it. The
/// engine's own scheduling reads the clock itself, so gapless joins and frame timing are
/// unchanged.
struct ReportedPlayhead: Sendable {
    private var last: (generation: Int, time: MediaTime)?

    /// What to report for the clock's `time` in `generation`.
    mutating func report(_ time: MediaTime, generation: Int) -> MediaTime {
        if let last, last.generation == generation, time < last.time { return last.time }
        last = (generation, time)
        return time
    }
}
