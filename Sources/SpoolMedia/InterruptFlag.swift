internal import CFFmpeg
import Synchronization

/// A cancellation flag FFmpeg polls through `AVIOInterruptCB` while it blocks, so raising it
/// from any thread makes `avformat_open_input`, `avformat_find_stream_info` and reads return
/// `AVERROR_EXIT` at their next check instead of running to completion.
final class InterruptFlag: Sendable {
    private let raised = Atomic<Bool>(false)

    /// Asks FFmpeg to stop. Idempotent; callable from any thread.
    func raise() { raised.store(true, ordering: .releasing) }

    /// Whether `raise()` has been called.
    var isRaised: Bool { raised.load(ordering: .acquiring) }

    /// The callback to store in `AVFormatContext.interrupt_callback`.
    ///
    /// Its `opaque` points at `self` without retaining it: whoever installs the callback
    /// must keep this flag alive for as long as the context exists (`InputFormatContext`
    /// holds it as a stored property).
    var callback: AVIOInterruptCB {
        AVIOInterruptCB(
            callback: { opaque in
                guard let opaque else { return 0 }
                return Unmanaged<InterruptFlag>.fromOpaque(opaque).takeUnretainedValue().isRaised ? 1 : 0
            },
            opaque: Unmanaged.passUnretained(self).toOpaque())
    }
}
