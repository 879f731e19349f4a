/// Whether a URLSession transfer is about to complete, so cancelling it could race that
/// completion.
///
/// swift-corelibs-foundation's `URLSessionTask.cancel()` runs in two hops on the session's
/// work queue; when the transfer completes in between — it does when its last bytes are
/// already queued behind the hops, as on a fast local network — Foundation reports the
/// cancellation for a task it has already removed and traps ("Trying to access a behaviour
/// for a task that in not in the registry"). Both HTTP clients (`HTTPByteSource` and the HLS
/// fetcher) ask this before cancelling and leave an imminent transfer to finish instead.
package enum ImminentCompletion {
    /// Below this many bytes left, a transfer is about to complete whatever its rate.
    package static let bytes: Int64 = 64 << 10
    /// A transfer that completes within this time at its current rate is about to.
    package static let time = 0.25
    /// The rate is trusted once this much arrived (the first bytes come in a burst).
    package static let bytesForRate: Int64 = 1 << 20

    /// Whether `remaining` bytes are about to arrive, given `received` bytes in `elapsed` so far.
    package static func isImminent(remaining: Int64, received: Int64, elapsed: Duration) -> Bool {
        if remaining <= bytes { return true }
        guard received >= bytesForRate else { return false }
        let seconds = elapsed.timeInterval
        guard seconds > 0 else { return true }
        return Double(remaining) / (Double(received) / seconds) < time
    }
}
