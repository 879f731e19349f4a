public import Foundation
public import SpoolCore
import Synchronization

/// Probes a container once, on its own thread: opens a byte source, lets FFmpeg read the
/// header and stream info, and describes it as a `ProbeResult`.
///
/// Guarantees:
/// - The probe starts when the object is made; any number of tasks may `await result()`
///   concurrently and all get the same outcome.
/// - FFmpeg's blocking calls run on a dedicated `Thread`, never on the cooperative pool.
/// - `cancel()` works from anywhere at any time: waiting callers get
///   `AssetLoadError.cancelled` immediately, FFmpeg's interrupt callback stops it at its
///   next check, and the byte source is cancelled so a blocked read returns.
/// - The source is closed when the probe thread finishes, however it finishes.
public final class MediaProbe: Sendable {
    /// The location being probed.
    public var url: URL { source.url }

    private let source: any ByteSource
    private let load: ThreadedLoad<ProbeResult>

    /// Starts probing `source` (not yet opened) on a new thread.
    public init(source: any ByteSource) {
        self.source = source
        let interrupt = InterruptFlag()
        load = ThreadedLoad(
            name: "spool.probe", work: { ProbeSession.run(source: source, interrupt: interrupt) },
            onCancel: {
                interrupt.raise()
                source.cancel()
            })
    }

    /// The probe's outcome, waiting for it if needed. Throws `AssetLoadError`; throws
    /// `.cancelled` if `cancel()` is called or if the calling task is cancelled (which
    /// stops only this wait, not the probe other callers may be waiting on).
    public func result() async throws(AssetLoadError) -> ProbeResult {
        try await load.result()
    }

    /// Aborts the probe at once from any thread: waiters throw `.cancelled` now, FFmpeg
    /// and the byte source stop as soon as they next check. Idempotent; no effect once
    /// the probe has finished.
    public func cancel() {
        load.cancel()
    }
}
