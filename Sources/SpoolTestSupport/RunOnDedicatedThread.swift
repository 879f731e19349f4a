import SpoolCore

/// Runs blocking `body` on a new `Thread` and suspends (without blocking) until it returns.
///
/// Blocking calls must never run on the Swift cooperative pool (one thread per core): this
/// is how async tests drive blocking APIs such as `ByteSource.read` or a server wait.
public func runOnDedicatedThread<Success: Sendable, Failure: Error>(
    _ body: @escaping @Sendable () throws(Failure) -> Success
) async throws(Failure) -> Success {
    try await runOffThePool(body)
}
