internal import CFFmpeg
public import Foundation
public import SpoolCore

/// A video output that writes what `ffmpeg -i F -map 0:v:0 -f framemd5 -` writes for the
/// same stream (FFmpeg 5.1): the `framemd5` header, then one line per frame with its
/// timestamps, packed size and the MD5 of its pixels in their native format.
///
/// Guarantees, for constant-frame-rate input: the text is byte for byte FFmpeg's (its
/// `#software` line names the linked libavformat, as the `ffmpeg` CLI's does). The
/// timestamps follow the CLI's own timing (`FrameMD5Timing`), not the decoder's: the time
/// base is 1/frame rate and frames count up 0, 1, 2…. Where the CLI would drop a frame
/// (no timestamp, or too far behind its predecessor), this output drops it too.
/// Known differences: the header describes the first frame, so a stream that changes size
/// midway (which the CLI would rescale) is hashed at its new size; frames the decoder gave
/// no timestamp (`VideoDecoder` fills one in) are written, where the CLI drops them.
///
/// Text is buffered and handed to the sink in chunks, in order; `stop()` hands over the
/// rest. `present` and `stop` may be called from different threads.
public final class FrameMD5Writer: VideoOutput {
    /// `"framemd5"`.
    public let name = "framemd5"
    /// `nil`: every format is hashed as it is, like `ffmpeg` without `-pix_fmt`.
    public let acceptedPixelFormats: Set<PixelFormat>? = nil

    private let state: Locked<State>
    private let sink: @Sendable (Data) -> Void
    private let streamSampleAspectRatio: Rational
    private static let chunkSize = 64 * 1024

    private struct State {
        var timing: FrameMD5Timing
        let hasher: PackedImageMD5
        var pending: [UInt8] = []
        var hasHeader = false
        var isStopped = false
    }

    /// Hashes frames of `stream` (from a `Demuxer` whose `startTime` is
    /// `containerStartTime`) and hands the text to `sink`, in order, in chunks.
    public init(
        stream: MediaStreamInfo, containerStartTime: MediaTime, sink: @escaping @Sendable (Data) -> Void
    ) throws(FFmpegError) {
        var initial = State(
            timing: FrameMD5Timing(stream: stream, containerStartTime: containerStartTime),
            hasher: try PackedImageMD5())
        initial.pending.reserveCapacity(Self.chunkSize + 256)
        state = Locked(initial)
        self.sink = sink
        streamSampleAspectRatio = stream.sampleAspectRatio
    }

    /// Writes to `fileHandle` (standard output, a file); the handle is not closed.
    public convenience init(
        stream: MediaStreamInfo, containerStartTime: MediaTime, fileHandle: FileHandle
    ) throws(FFmpegError) {
        try self.init(stream: stream, containerStartTime: containerStartTime) { fileHandle.write($0) }
    }

    /// Hashes `frame` and writes its line (after the header, before the first line).
    /// Throws `.stopped` after `stop()`, `.unsupportedPixelFormat` for a format FFmpeg
    /// does not know.
    public func present(_ frame: any VideoFrame) throws(VideoOutputError) {
        let decoded = frame as? DecodedVideoFrame
        try state.withLock { (state: inout State) throws(VideoOutputError) in
            guard !state.isStopped else { throw .stopped }
            if !state.hasHeader {
                // ffmpeg's filter graph takes the stream's aspect ratio, else the first frame's.
                let sar =
                    streamSampleAspectRatio.numerator != 0
                    ? streamSampleAspectRatio : decoded?.sampleAspectRatio ?? Rational(numerator: 0, denominator: 1)
                state.pending.append(
                    contentsOf: Self.header(for: frame, sar: sar, timeBase: state.timing.outputTimeBase).utf8)
                state.hasHeader = true
            }
            guard
                let tick = state.timing.tick(
                    presentationTime: frame.presentationTime,
                    packetDuration: decoded?.packetDuration ?? frame.duration)
            else { return }
            let (byteCount, digest) = try state.hasher.hash(frame)
            Self.appendLine(tick: tick, byteCount: byteCount, digest: digest, to: &state.pending)
            if state.pending.count >= Self.chunkSize { hand(&state.pending) }
        }
    }

    /// Hands the remaining text to the sink and refuses further frames. Idempotent.
    public func stop() {
        state.withLock { state in
            guard !state.isStopped else { return }
            state.isStopped = true
            hand(&state.pending)
        }
    }

    private func hand(_ pending: inout [UInt8]) {
        guard !pending.isEmpty else { return }
        sink(Data(pending))
        pending.removeAll(keepingCapacity: true)
    }
}
