internal import CFFmpeg
public import SpoolCore

/// A run of decoded audio in the decoder's own layout (any sample format, planar or
/// interleaved, any channel layout); `AudioConverter` turns it into a `PCMBuffer`.
///
/// Pointer ownership: owns one `AVFrame` moved out of the decoder, freed in `deinit`; its
/// sample buffers are reference-counted by FFmpeg.
///
/// Sendable because it is immutable after `init`: nothing writes to the frame or its
/// samples again, and reading them from several threads at once is safe.
public final class DecodedAudioFrame: @unchecked Sendable {
    /// The time of the first sample on the demuxer's timeline (`best_effort_timestamp`),
    /// or, when the decoder gave none, the time right after the previous frame.
    public let presentationTime: MediaTime
    /// Samples per channel.
    public let sampleCount: Int
    /// Samples per second per channel.
    public let sampleRate: Int
    /// Channels.
    public let channelCount: Int
    /// FFmpeg's name of the sample format (`"fltp"`, `"s16"`).
    public let sampleFormat: String

    private let frame: UnsafeMutablePointer<AVFrame>

    /// Takes ownership of `frame`.
    init(owning frame: UnsafeMutablePointer<AVFrame>, presentationTime: MediaTime) {
        self.frame = frame
        let value = frame.pointee
        self.presentationTime = presentationTime
        sampleCount = Int(value.nb_samples)
        sampleRate = Int(value.sample_rate)
        channelCount = Int(value.ch_layout.nb_channels)
        sampleFormat =
            av_get_sample_fmt_name(AVSampleFormat(rawValue: value.format)).map { String(cString: $0) } ?? "none"
    }

    deinit {
        var owned: UnsafeMutablePointer<AVFrame>? = frame
        av_frame_free(&owned)
    }

    /// How long the samples play at rate 1.
    public var duration: MediaTime {
        sampleRate > 0 ? MediaTime(value: Int64(sampleCount), timescale: Int32(clamping: sampleRate)) : .invalid
    }

    /// Lends the frame, read-only, for the duration of `body`.
    func withFrame<Result, Failure: Error>(_ body: (UnsafePointer<AVFrame>) throws(Failure) -> Result)
        throws(Failure) -> Result
    {
        try body(frame)
    }
}
