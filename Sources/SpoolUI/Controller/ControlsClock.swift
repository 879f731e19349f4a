/// Reads any clock as the `Duration` since the moment it was wrapped, which is the time the
/// model takes, and sleeps on it. Type-erased so the controller is not generic over its clock
/// (a `ManualClock` in tests, `ContinuousClock` in the program).
public struct ControlsClock: Sendable {
    private let elapsed: @Sendable () -> Duration
    private let sleeper: @Sendable (Duration) async throws -> Void

    /// Wraps `clock`; its present instant becomes zero.
    public init<C: Clock>(_ clock: C) where C.Duration == Duration {
        let origin = clock.now
        elapsed = { origin.duration(to: clock.now) }
        sleeper = { deadline in try await clock.sleep(until: origin.advanced(by: deadline), tolerance: nil) }
    }

    /// The time since the clock was wrapped.
    public func now() -> Duration { elapsed() }

    /// Suspends until `now()` reaches `deadline`; throws `CancellationError` when cancelled.
    public func sleep(until deadline: Duration) async throws { try await sleeper(deadline) }
}
