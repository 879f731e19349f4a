internal import CFFmpeg

/// A stream's codec parameters (codec, extradata, dimensions, sample layout…), copied out
/// of the container so a decoder can be opened on another thread, after the demuxer that
/// found them has gone.
///
/// Pointer ownership: owns one `AVCodecParameters`, a deep copy made by
/// `avcodec_parameters_copy` (extradata included) and freed in `deinit`. Nothing else
/// points into it.
///
/// Sendable because it is immutable after `init`: FFmpeg only ever reads it
/// (`avcodec_parameters_to_context` takes it `const`), so concurrent readers are safe.
public final class CodecParameters: @unchecked Sendable {
    private let parameters: UnsafeMutablePointer<AVCodecParameters>

    /// FFmpeg's short name of the codec (`"h264"`, `"opus"`).
    public var codecName: String { String(cString: avcodec_get_name(parameters.pointee.codec_id)) }

    /// Whether this FFmpeg build has a decoder for the codec.
    public var hasDecoder: Bool { avcodec_find_decoder(parameters.pointee.codec_id) != nil }

    /// Copies `source`; throws `.outOfMemory` when FFmpeg cannot allocate the copy.
    init(copying source: UnsafePointer<AVCodecParameters>) throws(FFmpegError) {
        guard let copy = avcodec_parameters_alloc() else { throw .outOfMemory }
        let code = avcodec_parameters_copy(copy, source)
        guard code >= 0 else {
            var owned: UnsafeMutablePointer<AVCodecParameters>? = copy
            avcodec_parameters_free(&owned)
            throw FFmpegError(rawValue: code)
        }
        parameters = copy
    }

    deinit {
        var owned: UnsafeMutablePointer<AVCodecParameters>? = parameters
        avcodec_parameters_free(&owned)
    }

    /// Lends the parameters, read-only, for the duration of `body`.
    func withParameters<Result>(_ body: (UnsafePointer<AVCodecParameters>) throws(FFmpegError) -> Result)
        throws(FFmpegError) -> Result
    {
        try body(parameters)
    }
}
