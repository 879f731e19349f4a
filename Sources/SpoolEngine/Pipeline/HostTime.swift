/// Monotonic host time for the pipeline threads, as a `Duration` since the process's first use.
///
/// The pipeline paces real devices, so it runs on real time by nature; everything that
/// *decides* from time (`PlaybackClock`, `FrameSchedule`) takes host times as arguments and is
/// tested with exact values instead.
enum HostTime {
    private static let epoch = ContinuousClock.now

    /// Now, on the monotonic clock.
    static func now() -> Duration { epoch.duration(to: .now) }
}
