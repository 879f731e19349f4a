/// An injected clock seen as offsets from the moment the timeline was made.
///
/// `any Clock<Duration>` hides its instant type; plain durations let the modelled audio device
/// (`ModelledDeviceBuffer`) and the HTTP source's retry and stall timers do their arithmetic
/// without generics. The clock is only read and
/// slept on, never constructed here: the command line passes a real one, tests a manual one.
package struct ClockTimeline: Sendable {
    private let elapsed: @Sendable () -> Duration
    private let sleeper: @Sendable (Duration) async throws -> Void

    /// A timeline whose zero is `clock.now`.
    package init(clock: any Clock<Duration>) {
        self = Self.make(clock)
    }

    private init(
        elapsed: @escaping @Sendable () -> Duration, sleeper: @escaping @Sendable (Duration) async throws -> Void
    ) {
        self.elapsed = elapsed
        self.sleeper = sleeper
    }

    private static func make<C: Clock<Duration>>(_ clock: C) -> ClockTimeline {
        let origin = clock.now
        return ClockTimeline(
            elapsed: { origin.duration(to: clock.now) },
            sleeper: { offset in try await clock.sleep(until: origin.advanced(by: offset), tolerance: nil) })
    }

    /// Time since the timeline's zero.
    package var now: Duration { elapsed() }

    /// Suspends until `now >= offset`; throws `CancellationError` if the task is cancelled.
    package func sleep(until offset: Duration) async throws {
        try await sleeper(offset)
    }
}
