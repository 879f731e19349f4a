import Foundation

/// The integration tests' one wait for something nothing signals to them (a window's pixels, a
/// daemon's state, a count another process changes): re-checks `condition` every `interval`
/// until it holds or `timeout` passes, and returns whether it held.
///
/// `timeout` is a hang guard, never a claim about speed: it is scaled by `HangGuard` (3x under
/// ThreadSanitizer), and every caller names its own, so a wait's bound is read where it is
/// used. `scaled: false` keeps `timeout` as written under ThreadSanitizer too, for a bound the
/// test claims (memory released within 10 s of a release) or one a suite always held unscaled.
/// A test that asserts a bound on real time measures it instead of waiting for it. The
/// condition runs on the caller's actor (`isolation`), so it may read that actor's state.
public func eventually(
    timeout: Duration, scaled: Bool = true, every interval: Duration = .milliseconds(20),
    isolation: isolated (any Actor)? = #isolation, _ condition: () async throws -> Bool
) async rethrows -> Bool {
    let deadline = ContinuousClock.now + (scaled ? HangGuard.scaled(timeout) : timeout)
    while true {
        if try await condition() { return true }
        guard ContinuousClock.now < deadline else { return false }
        try? await Task.sleep(for: interval)
    }
}
