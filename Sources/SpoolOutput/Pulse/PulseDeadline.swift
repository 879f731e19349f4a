internal import CPulse

/// A point on libpulse's monotonic clock (`pa_rtclock_now`), bounding a sequence of waits.
///
/// The bound is on a real server, so it uses the library's own clock, the one its time events
/// fire on; nothing here is a playback clock (those are injected).
struct PulseDeadline {
    /// The deadline in microseconds of `pa_rtclock_now()`.
    let microseconds: UInt64

    /// The deadline `timeout` from now (now, for negative timeouts).
    init(after timeout: Duration) {
        microseconds = pa_rtclock_now() + UInt64(max(timeout.microseconds, 0))
    }

    /// The time left, zero once passed.
    var remaining: Duration {
        let now = pa_rtclock_now()
        return now >= microseconds ? .zero : .microseconds(Int64(microseconds - now))
    }
}
