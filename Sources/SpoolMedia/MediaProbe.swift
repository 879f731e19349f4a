public import Foundation
public import SpoolCore

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
/// - The source is closed when the probe thread finishes, however it finishes — unless the
///   probe was asked to keep the container open and succeeded: then it stays open until
///   `takeOpenedContainer()` hands it over, or until the probe is freed. Once taken,
///   `cancel()` no longer reaches the source (its new owner's canceller does).
public final class MediaProbe: Sendable {
    /// The location being probed.
    public var url: URL { source.url }

    private let source: any ByteSource
    private let load: ThreadedLoad<ProbeResult>
    private let handover = ContainerHandover()

    /// Starts probing `source` (not yet opened) on a new thread. With `keepsContainerOpen`,
    /// a successful probe leaves the container open for `takeOpenedContainer()`. With
    /// `captionScanSource`, an H.264/HEVC video track's first seconds are read again through
    /// a source it makes (not yet opened; closed by the probe) to find closed captions
    /// (`AssetTrack.hasClosedCaptions`); `cancel()` stops that scan at its next packet.
    public init(
        source: any ByteSource, keepsContainerOpen: Bool = false,
        captionScanSource: (@Sendable () -> (any ByteSource)?)? = nil
    ) {
        self.source = source
        let interrupt = InterruptFlag()
        let handover = handover
        load = ThreadedLoad(
            name: "spool.probe",
            work: {
                ProbeSession.run(
                    source: source, interrupt: interrupt, keepOpen: keepsContainerOpen,
                    captionScanSource: captionScanSource
                ).map {
                    result, container in
                    // Published before the waiters resume, so a waiter that got the result
                    // finds the container.
                    handover.publish(container)
                    return result
                }
            },
            onCancel: {
                // A container already taken belongs to its demuxer, whose canceller stops it.
                guard handover.close() else { return }
                interrupt.raise()
                source.cancel()
            })
    }

    /// The container a successful probe kept open (`keepsContainerOpen`), handed over once:
    /// later calls, and probes that did not keep it, return `nil`. The caller owns it.
    public func takeOpenedContainer() -> OpenedContainer? {
        handover.take()
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

/// Where a probe leaves the container it kept open, until one caller takes it.
private final class ContainerHandover: Sendable {
    private struct State {
        var container: OpenedContainer?
        /// Taken, or cancelled: no container is kept from now on.
        var isClosed = false
        /// A container went to its new owner.
        var wasHandedOver = false
    }

    private let state = Locked(State())

    /// Keeps `container` for `take()`, unless the hand-over is closed (then it is freed).
    func publish(_ container: OpenedContainer?) {
        state.withLock { state in
            if !state.isClosed { state.container = container }
        }
    }

    /// The container, once; closes the hand-over.
    func take() -> OpenedContainer? {
        state.withLock { state in
            state.isClosed = true
            defer { state.container = nil }
            if state.container != nil { state.wasHandedOver = true }
            return state.container
        }
    }

    /// Closes the hand-over, freeing a container nobody took (outside the lock); returns
    /// whether the probe's source is still the probe's to cancel (nothing was handed over).
    func close() -> Bool {
        let (wasHandedOver, _) = state.withLock { state in
            defer {
                state.isClosed = true
                state.container = nil
            }
            return (state.wasHandedOver, state.container)
        }
        return !wasHandedOver
    }
}
