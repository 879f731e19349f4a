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
///   probe was asked to keep the container open (`keepsContainerOpen`, or `keepContainer()`
///   before it finished) and succeeded: then it stays open until `takeOpenedContainer()`
///   hands it over, `discardContainer()` frees it, or the probe is freed. Once taken,
///   `cancel()` no longer reaches the source (its new owner's canceller does).
public final class MediaProbe: Sendable {
    /// The location being probed.
    public var url: URL { source.url }

    private let source: any ByteSource
    private let load: ThreadedLoad<ProbeResult>
    private let handover: ContainerHandover

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
        let handover = ContainerHandover(isWanted: keepsContainerOpen)
        self.handover = handover
        load = ThreadedLoad(
            name: "spool.probe",
            work: {
                // Always opened to be kept: whether anyone wants it is decided when the probe
                // ends, since `keepContainer()` may come while it runs.
                ProbeSession.run(
                    source: source, interrupt: interrupt, captionScanSource: captionScanSource
                ).map {
                    result, container in
                    // Published before the waiters resume, so a waiter that got the result
                    // finds the container. One nobody wants is freed here, on the probe's
                    // thread, outside the hand-over's lock.
                    let unwanted = handover.publish(container)
                    withExtendedLifetime(unwanted) {}
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

    /// Asks a probe made without `keepsContainerOpen` to keep its container after all: a
    /// player joined a probe somebody else started. Effective only while the probe runs (a
    /// finished one has freed it) and before `discardContainer()` or a take.
    public func keepContainer() {
        handover.want()
    }

    /// Frees the container this probe kept and nobody took, without stopping the probe: a
    /// probe still running frees its container when it ends, and `takeOpenedContainer()`
    /// returns `nil` from now on. The format context and source are closed on a thread of
    /// their own, since closing a network source may wait for its transfer to end.
    public func discardContainer() {
        guard let container = handover.discard() else { return }
        SpoolThread.start("spool.probe-close") { withExtendedLifetime(container) {} }
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
        /// Somebody will take the container: the probe keeps it when it ends.
        var isWanted: Bool
        /// Taken, discarded or cancelled: no container is kept from now on.
        var isClosed = false
        /// A container went to its new owner.
        var wasHandedOver = false
    }

    private let state: Locked<State>

    init(isWanted: Bool) {
        state = Locked(State(isWanted: isWanted))
    }

    /// Keeps `container` for `take()` if it is wanted and the hand-over is open; otherwise
    /// returns it, for the caller to free outside the lock.
    func publish(_ container: OpenedContainer?) -> OpenedContainer? {
        state.withLock { state in
            guard state.isWanted, !state.isClosed else { return container }
            state.container = container
            return nil
        }
    }

    /// Marks the container wanted, unless the hand-over is closed.
    func want() {
        state.withLock { state in
            if !state.isClosed { state.isWanted = true }
        }
    }

    /// Closes the hand-over and returns the container nobody took, for the caller to free.
    func discard() -> OpenedContainer? {
        state.withLock { state in
            state.isClosed = true
            defer { state.container = nil }
            return state.container
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
