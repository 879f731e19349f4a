import Foundation

/// Runs blocking `body` on a new `Thread` and suspends (without blocking) until it returns.
///
/// Blocking calls must never run on the Swift cooperative pool (one thread per core): this
/// is how async tests drive blocking APIs such as `ByteSource.read` or a server wait.
public func runOnDedicatedThread<Success: Sendable, Failure: Error>(
    _ body: @escaping @Sendable () throws(Failure) -> Success
) async throws(Failure) -> Success {
    let result: Result<Success, Failure> = await withCheckedContinuation { continuation in
        Thread {
            continuation.resume(returning: Result { () throws(Failure) -> Success in try body() })
        }.start()
    }
    return try result.get()
}
