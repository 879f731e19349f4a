import Foundation
import SpoolCore
import SpoolHLS

/// The bytes of one run of HLS segments that one demuxer can read in a row: the
/// initialization section (when there is one), then each segment's bytes, until the stream
/// ends or the next segment cannot continue the run (another variant, a discontinuity, a new
/// init section). That segment is kept as the start of the next run.
///
/// Read on the demux thread only; `cancel()` from any thread cancels the whole segment stream
/// (it is what the pipeline's canceller reaches).
final class SegmentRunByteSource: ByteSource {
    let url: URL
    private let stream: HLSSegmentStream
    private let state: Locked<RunState>

    struct RunState {
        var buffer = Data()
        var offset = 0
        var last: LoadedSegment
        var finished = false
        var cancelled = false
        var bytesDelivered: Int64 = 0
        /// How the run ended: the first segment of the next run, the end, or a failure.
        var nextRunStart: LoadedSegment?
        var streamEnded = false
        var failure: HLSError?
    }

    /// A run starting with `first`, continuing with what `stream` hands out.
    init(first: LoadedSegment, stream: HLSSegmentStream, url: URL) {
        self.url = url
        self.stream = stream
        var initial = RunState(last: first)
        initial.buffer = (first.initializationSection ?? Data()) + first.data
        state = Locked(initial)
    }

    func open() throws(ByteSourceError) {}

    var length: Int64? { nil }
    var isSeekable: Bool { false }

    func read(upTo maxLength: Int) throws(ByteSourceError) -> Data {
        while true {
            let (chunk, needMore) = try state.withLock { (run) throws(ByteSourceError) -> (Data, Bool) in
                if run.cancelled { throw .cancelled }
                if run.offset < run.buffer.count {
                    let end = min(run.buffer.count, run.offset + maxLength)
                    let chunk = run.buffer.subdata(in: run.offset..<end)
                    run.offset = end
                    run.bytesDelivered += Int64(chunk.count)
                    return (chunk, false)
                }
                return (Data(), !run.finished)
            }
            if !needMore { return chunk }
            let event = stream.next()
            try state.withLock { (run) throws(ByteSourceError) in
                switch event {
                case .segment(let segment):
                    if segment.continues(run.last) {
                        run.buffer = segment.data
                        run.offset = 0
                        run.last = segment
                    } else {
                        run.nextRunStart = segment
                        run.finished = true
                    }
                case .end:
                    run.streamEnded = true
                    run.finished = true
                case .failed(let error):
                    run.failure = error
                    run.finished = true
                case .cancelled:
                    run.cancelled = true
                    throw .cancelled
                }
            }
        }
    }

    func seek(to offset: Int64) throws(ByteSourceError) { throw .notSeekable(url) }

    func cancel() {
        state.withLock { $0.cancelled = true }
        stream.cancel()
    }

    func close() {}

    var bytesTransferred: Int64 { state.withLock { $0.bytesDelivered } }

    /// How the run ended, once the demuxer reached its end.
    var ending: (next: LoadedSegment?, ended: Bool, failure: HLSError?) {
        state.withLock { ($0.nextRunStart, $0.streamEnded, $0.failure) }
    }

    /// The last segment read into the run.
    var lastSegment: LoadedSegment { state.withLock { $0.last } }
}
