/// Waits until `condition` holds, checking every 20 ms, for at most `timeout` of real time:
/// for integration tests, whose players run on real threads. Returns whether it held.
@MainActor
func eventually(timeout: Duration = .seconds(20), _ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(20))
    }
    return condition()
}
