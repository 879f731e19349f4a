internal import CFFmpeg

/// A negative FFmpeg return code (an `AVERROR` value) as a typed error.
///
/// Like swift-system's `Errno`: the raw code is kept exactly, and the codes Spool tells
/// apart have Swift names. `description` is FFmpeg's own message for the code.
public struct FFmpegError: RawRepresentable, Error, Hashable, Sendable, CustomStringConvertible {
    /// The `AVERROR` code; always negative for codes FFmpeg returns.
    public let rawValue: Int32

    /// Wraps an `AVERROR` code.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// `AVERROR_EOF`: the end of the stream. Feed/drain calls report it as a value, not an error.
    public static var endOfFile: FFmpegError { .init(rawValue: cffmpeg_averror_eof()) }
    /// `AVERROR(EAGAIN)`: feed more input or drain output first. Reported as a value by the funnel.
    public static var tryAgain: FFmpegError { .init(rawValue: cffmpeg_averror_eagain()) }
    /// `AVERROR_EXIT`: the interrupt callback asked FFmpeg to stop (a cancellation).
    public static var exit: FFmpegError { .init(rawValue: cffmpeg_averror_exit()) }
    /// `AVERROR_INVALIDDATA`: the bytes are not (valid) media FFmpeg understands.
    public static var invalidData: FFmpegError { .init(rawValue: cffmpeg_averror_invaliddata()) }
    /// `AVERROR_DECODER_NOT_FOUND`: this FFmpeg build has no decoder for the codec.
    public static var decoderNotFound: FFmpegError { .init(rawValue: cffmpeg_averror_decoder_not_found()) }
    /// `AVERROR_DEMUXER_NOT_FOUND`: this FFmpeg build has no demuxer for the format.
    public static var demuxerNotFound: FFmpegError { .init(rawValue: cffmpeg_averror_demuxer_not_found()) }
    /// `AVERROR_STREAM_NOT_FOUND`: no stream matched the request.
    public static var streamNotFound: FFmpegError { .init(rawValue: cffmpeg_averror_stream_not_found()) }
    /// `AVERROR_FILTER_NOT_FOUND`: no such libavfilter filter, or libavfilter could not be
    /// opened (`AVFilterLibrary.open()`).
    public static var filterNotFound: FFmpegError { .init(rawValue: cffmpeg_averror_filter_not_found()) }
    /// `AVERROR(ENOMEM)`: an allocation failed.
    public static var outOfMemory: FFmpegError { .init(rawValue: cffmpeg_averror_errno(ENOMEM)) }
    /// `AVERROR(EIO)`: an input/output error (Spool's custom I/O reports byte-source failures so).
    public static var ioError: FFmpegError { .init(rawValue: cffmpeg_averror_errno(EIO)) }
    /// `AVERROR(EINVAL)`: an invalid argument.
    public static var invalidArgument: FFmpegError { .init(rawValue: cffmpeg_averror_errno(EINVAL)) }
    /// `AVERROR(EPERM)`: refused (Spool refuses FFmpeg's own attempts to open URLs).
    public static var notPermitted: FFmpegError { .init(rawValue: cffmpeg_averror_errno(EPERM)) }
    /// `AVERROR(ESPIPE)`: the input cannot seek.
    public static var notSeekable: FFmpegError { .init(rawValue: cffmpeg_averror_errno(ESPIPE)) }
    /// `AVERROR(ENOSYS)`: the operation is not supported (an unknown stream size, for example).
    public static var notSupported: FFmpegError { .init(rawValue: cffmpeg_averror_errno(ENOSYS)) }

    /// Whether a decoder's error describes the media rather than the program or the machine:
    /// damaged or unsupported data in one packet (invalid data, "not yet implemented", a
    /// decoder's own bug report…). A player skips that packet and decodes on, as the ffmpeg
    /// CLI does; running out of memory, a cancellation, a missing decoder or a wrong argument
    /// are not skipped.
    public var isSkippableDecodeError: Bool {
        ![Self.outOfMemory, .exit, .invalidArgument, .decoderNotFound, .endOfFile, .tryAgain].contains(self)
    }

    /// FFmpeg's message for the code (`av_strerror`), such as "Invalid data found when
    /// processing input"; a generic message naming the code when FFmpeg has none.
    public var description: String {
        let capacity = Int(cffmpeg_error_max_string_size())
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: capacity) { buffer in
            guard let base = buffer.baseAddress,
                av_strerror(rawValue, base, capacity) == 0
            else { return "FFmpeg error \(rawValue)" }
            return String(cString: base)
        }
    }
}
