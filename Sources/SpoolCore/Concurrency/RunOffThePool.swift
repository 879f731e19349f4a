import Foundation

/// Runs blocking `body` on a thread of its own and suspends (without blocking) until it
/// returns, so the cooperative pool never waits on a server, a device or a blocking read.
package func runOffThePool<Success: Sendable, Failure: Error>(
    _ body: @escaping @Sendable () throws(Failure) -> Success
) async throws(Failure) -> Success {
    let result: Result<Success, Failure> = await withCheckedContinuation { continuation in
        SpoolThread.start("spool-blocking") {
            continuation.resume(returning: Result { () throws(Failure) -> Success in try body() })
        }
    }
    return try result.get()
}
