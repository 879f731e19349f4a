import Foundation

/// How long a test waits for something that must happen before it calls it a hang.
///
/// A hang guard is not a claim about speed: a wait for "playing" that gives up after 20 s
/// says only that 20 s is far beyond any healthy start. Under ThreadSanitizer every thread
/// runs 5–15x slower, and on CI's two loaded cores an item once took longer than that to
/// start (the pipeline-threads test). `make test-tsan` therefore sets
/// `SPOOL_TEST_HANG_GUARD_SCALE`, and every hang guard is multiplied by it. Waits that
/// assert a bound on real time (a close within 2 s) must not use this: they stay out of
/// the TSan pass instead (the Makefile's `TSAN_TIMING_SUITES`).
public enum HangGuard {
    /// `SPOOL_TEST_HANG_GUARD_SCALE` when it is a number from 1 to 20, else 1.
    public static let scale: Int = {
        guard let text = ProcessInfo.processInfo.environment["SPOOL_TEST_HANG_GUARD_SCALE"],
            let value = Int(text), (1...20).contains(value)
        else { return 1 }
        return value
    }()

    /// `timeout` multiplied by `scale`.
    public static func scaled(_ timeout: Duration) -> Duration { timeout * scale }
}
