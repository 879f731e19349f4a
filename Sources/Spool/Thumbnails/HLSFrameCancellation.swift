import SpoolCore
import SpoolHLS
import SpoolMedia

/// Stops an `HLSFrameSource` from any thread: its fetcher (a download in flight returns at
/// once) and the demuxer reading fetched bytes, if any.
final class HLSFrameCancellation: Sendable {
    private let fetcher: any ResourceFetching
    private let state = Locked<(cancelled: Bool, demuxer: Demuxer.Canceller?)>((false, nil))

    init(fetcher: any ResourceFetching) { self.fetcher = fetcher }

    /// Cancels the fetcher and the current demuxer; later demuxers start cancelled.
    func cancel() {
        fetcher.cancel()
        state.withLock { state in
            state.cancelled = true
            return state.demuxer
        }?.cancel()
    }

    /// A canceller for the next demuxer, already raised when the source was cancelled.
    func nextDemuxerCanceller() -> Demuxer.Canceller {
        let canceller = Demuxer.Canceller()
        let cancelled = state.withLock { state in
            state.demuxer = canceller
            return state.cancelled
        }
        if cancelled { canceller.cancel() }
        return canceller
    }
}
