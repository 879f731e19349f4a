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
    fileprivate let parameters: UnsafeMutablePointer<AVCodecParameters>

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

extension CodecParameters {
    /// Whether a decoder opened with these parameters can go on decoding packets described by
    /// `other` without being re-opened: same codec, same out-of-band configuration
    /// (extradata: SPS/PPS, AudioSpecificConfig), same picture size and audio layout.
    public func isDecoderCompatible(with other: CodecParameters) -> Bool {
        withParametersUnchecked { mine in
            other.withParametersUnchecked { theirs in
                let a = mine.pointee
                let b = theirs.pointee
                guard a.codec_id == b.codec_id, a.width == b.width, a.height == b.height,
                    a.sample_rate == b.sample_rate, a.ch_layout.nb_channels == b.ch_layout.nb_channels,
                    a.extradata_size == b.extradata_size
                else { return false }
                guard a.extradata_size > 0, let left = a.extradata, let right = b.extradata else { return true }
                let count = Int(a.extradata_size)
                return UnsafeBufferPointer(start: left, count: count).elementsEqual(
                    UnsafeBufferPointer(start: right, count: count))
            }
        }
    }

    func withParametersUnchecked<Result>(_ body: (UnsafePointer<AVCodecParameters>) -> Result) -> Result {
        body(parameters)
    }
}
