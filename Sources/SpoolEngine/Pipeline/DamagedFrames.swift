import SpoolMedia

/// Frames a decoder rejects as damaged (`AVERROR_INVALIDDATA` and the like from
/// `avcodec_receive_frame`, `FFmpegError.isSkippableDecodeError`)
/// while its output is taken: the frame is skipped and decoding goes on, as ffmpeg and mpv
/// do, so one bad packet or a cut last frame does not end playback.
///
/// A decoder drops the frame it reports as invalid, so asking again makes progress; a
/// decoder that reported nothing but damage this many times in a row is broken, and the
/// error is thrown after all.
struct DamagedFrames {
    /// Damaged frames skipped so far.
    private(set) var count = 0
    /// The last error skipped.
    private(set) var lastError: FFmpegError?
    private var inARow = 0
    static let limitInARow = 64

    /// `receive()`'s output, asking again after each damaged frame.
    mutating func skipping<Output>(
        _ receive: () throws(FFmpegError) -> Output
    ) throws(FFmpegError) -> Output {
        while true {
            do {
                let output = try receive()
                inARow = 0
                return output
            } catch {
                guard error.isSkippableDecodeError, inARow < Self.limitInARow else { throw error }
                count += 1
                inARow += 1
                lastError = error
            }
        }
    }
}

/// How many packets a decoder was given and frames it returned for one item, and the last
/// decode error skipped: the evidence for "nothing in this stream could be decoded".
struct DecodingTally {
    var packets = 0
    var frames = 0
    var lastSkipped: FFmpegError?

    /// Why the stream played nothing — no packet read, or packets in and no frame out — or
    /// `nil` when it decoded something.
    func nothingDecoded(codec: String) -> String? {
        guard frames == 0 else { return nil }
        guard packets > 0 else {
            return "no \(codec) packet could be read from the file (this FFmpeg may not support the stream's format)"
        }
        let reason = lastSkipped.map { ": \($0)" } ?? " (this FFmpeg may not support the stream's format)"
        return "the \(codec) decoder turned \(packets) packets into no audio\(reason)"
    }
}
