internal import CFFmpeg
import Synchronization

/// A cancellation flag FFmpeg polls through `AVIOInterruptCB` while it blocks, so raising it
/// from any thread makes `avformat_open_input`, `avformat_find_stream_info` and reads return
/// `AVERROR_EXIT` at their next check instead of running to completion.
final class InterruptFlag: Sendable {
    private let raised = Atomic<Bool>(false)
    /// The flag this one answers for too, once a container changed hands (`follow(_:)`).
    private let followed = Mutex<InterruptFlag?>(nil)
    /// Set (after `followed`) by `follow(_:)`: FFmpeg polls `isRaised` on every blocking check,
    /// so a flag that follows none, nearly all of them, answers without taking the lock.
    private let follows = Atomic<Bool>(false)

    /// Asks FFmpeg to stop. Idempotent; callable from any thread.
    func raise() { raised.store(true, ordering: .releasing) }

    /// Whether `raise()` has been called, on this flag or on the one it follows.
    var isRaised: Bool {
        if raised.load(ordering: .acquiring) { return true }
        guard follows.load(ordering: .acquiring) else { return false }
        return followed.withLock { $0 }?.isRaised == true
    }

    /// Makes this flag read as raised whenever `other` is, from now on (a container the probe
    /// opened, handed to a demuxer with a canceller of its own). The callback FFmpeg holds is
    /// not replaced but redirected, because FFmpeg copies it: the DASH and HLS demuxers give
    /// each of their inner contexts a copy of the outer context's callback, so swapping the
    /// outer one left the inner ones pointing at a flag that was then freed (a crash in the
    /// demux thread, 2 of 40 untimed runs of a DASH MPD written by the ffmpeg CLI).
    func follow(_ other: InterruptFlag) {
        precondition(other !== self, "an interrupt flag cannot follow itself")
        followed.withLock { $0 = other }
        follows.store(true, ordering: .releasing)
    }

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
