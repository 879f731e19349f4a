import SpoolTestSupport

/// Waits until `condition` holds, checking every 20 ms, for at most `timeout` of real time
/// (scaled by `HangGuard`): for integration tests, whose players run on real threads.
/// Returns whether it held.
///
/// The timeout is a hang guard, not a claim. It is 60 s because the main pass starts about
/// 1,200 tests at once on two loaded cores: in CI (stop 24), an item that fails at once (a
/// missing file) took more than 20 s to report its failure. The failure is reported on the
/// cooperative pool, and the pool was busy with the tests started before it.
@MainActor
func eventually(timeout: Duration = .seconds(60), _ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + HangGuard.scaled(timeout)
    while ContinuousClock.now < deadline {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(20))
    }
    return condition()
}
