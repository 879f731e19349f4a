/// How a `PlayerController` keeps resume positions: where, how often, and on which clock.
///
/// The seed's advice holds: hop into the store every few seconds, not every frame. Positions
/// are recorded every `recordInterval` and flushed every `flushEvery` records, when the item
/// changes, and when the controller stops.
public struct ResumePolicy: Sendable {
    /// Where positions are kept.
    public let store: ResumePositionStore
    /// The clock the recording timer runs on (`ContinuousClock` in apps, `ManualClock` in tests).
    public let clock: any Clock<Duration>
    /// How often the playhead is recorded (5 s by default).
    public let recordInterval: Duration
    /// How many recordings between flushes (2 by default: a flush every 10 s).
    public let flushEvery: Int
    /// Saved positions earlier than this are ignored: starting over is what the user expects.
    public let minimumResumeSeconds: Double

    /// Creates a policy; intervals below 100 ms and `flushEvery` below 1 are raised to those.
    public init(
        store: ResumePositionStore, clock: any Clock<Duration>, recordInterval: Duration = .seconds(5),
        flushEvery: Int = 2, minimumResumeSeconds: Double = 5
    ) {
        self.store = store
        self.clock = clock
        self.recordInterval = max(recordInterval, .milliseconds(100))
        self.flushEvery = max(flushEvery, 1)
        self.minimumResumeSeconds = minimumResumeSeconds
    }
}
