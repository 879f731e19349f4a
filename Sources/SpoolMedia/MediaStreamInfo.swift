internal import CFFmpeg
public import SpoolCore

/// One stream a `Demuxer` selected, described as plain values plus its codec parameters:
/// everything a decoder or an output needs, safe to send to the decode thread.
public struct MediaStreamInfo: Sendable {
    /// The stream's index in the container (`DemuxedPacket.streamIndex`).
    public let index: Int
    /// `.video` or `.audio`.
    public let kind: AssetTrack.MediaKind
    /// FFmpeg's short name of the codec (`"h264"`, `"aac"`).
    public let codecName: String
    /// The unit of every timestamp of this stream's packets and frames.
    public let timeBase: Rational
    /// The stream's first timestamp; `invalid` when the container does not say.
    public let startTime: MediaTime
    /// The stream's duration; `invalid` when the container does not say.
    public let duration: MediaTime
    /// The codec parameters a decoder is opened with.
    public let codecParameters: CodecParameters

    /// Picture width in pixels (video; 0 for audio).
    public let width: Int
    /// Picture height in pixels (video; 0 for audio).
    public let height: Int
    /// The frame rate FFmpeg's own tools assume for this stream (`av_guess_frame_rate`);
    /// `0/1` when FFmpeg cannot tell (audio, or video with no timing hints).
    public let guessedFrameRate: Rational
    /// The sample aspect ratio the container states; `0/1` when it states none.
    public let sampleAspectRatio: Rational
    /// How the container asks for the picture to be turned (its display matrix); `.identity`
    /// for audio and for video without one.
    public let orientation: VideoOrientation

    /// Samples per second per channel (audio; 0 for video).
    public let sampleRate: Int
    /// Audio channels (audio; 0 for video).
    public let channelCount: Int

    /// Whether the container may jump in time (`AVFMT_TS_DISCONT`: MPEG-TS and kin), for
    /// which the `ffmpeg` CLI counts time from the first timestamp of the streams it uses.
    let containerHasDiscontinuities: Bool
    /// The sample aspect ratio the codec parameters state (the bitstream's, as probed).
    let codecSampleAspectRatio: Rational
    /// The number of frames the container's header states for the stream (`nb_frames`), 0
    /// when it states none. An AVI's video header counts frames of one time-base tick each,
    /// which tells where a truncated AVI should have ended (FFmpeg re-estimates its duration
    /// from what is there).
    public let declaredFrameCount: Int

    /// Reads `stream` of the open `format` context. Call after `avformat_find_stream_info`,
    /// which is what fills in most of these fields.
    init(
        stream: UnsafeMutablePointer<AVStream>, in format: UnsafeMutablePointer<AVFormatContext>,
        kind: AssetTrack.MediaKind
    ) throws(FFmpegError) {
        let parameters = stream.pointee.codecpar.pointee
        let timeBase = Rational(stream.pointee.time_base)
        self.index = Int(stream.pointee.index)
        self.kind = kind
        self.codecName = String(cString: avcodec_get_name(parameters.codec_id))
        self.timeBase = timeBase
        self.startTime = MediaTime(ticks: stream.pointee.start_time, timeBase: timeBase)
        self.duration = MediaTime(ticks: stream.pointee.duration, timeBase: timeBase)
        self.codecParameters = try CodecParameters(copying: stream.pointee.codecpar)
        self.width = kind == .video ? Int(parameters.width) : 0
        self.height = kind == .video ? Int(parameters.height) : 0
        self.guessedFrameRate =
            kind == .video ? Rational(av_guess_frame_rate(format, stream, nil)) : Rational(numerator: 0, denominator: 1)
        self.sampleAspectRatio = Rational(stream.pointee.sample_aspect_ratio)
        self.orientation = kind == .video ? DisplayMatrix(stream: stream)?.orientation ?? .identity : .identity
        self.codecSampleAspectRatio = Rational(parameters.sample_aspect_ratio)
        self.sampleRate = kind == .audio ? Int(parameters.sample_rate) : 0
        self.channelCount = kind == .audio ? Int(parameters.ch_layout.nb_channels) : 0
        self.containerHasDiscontinuities = (format.pointee.iformat?.pointee.flags ?? 0) & AVFMT_TS_DISCONT != 0
        self.declaredFrameCount = Int(max(stream.pointee.nb_frames, 0))
    }
}

extension MediaStreamInfo {
    /// Whether a decoder opened for this stream can go on with packets of `other` (the same
    /// stream in the next HLS segment run): same codec configuration and time base.
    public func canContinueDecoding(as other: MediaStreamInfo) -> Bool {
        kind == other.kind && timeBase == other.timeBase
            && codecParameters.isDecoderCompatible(with: other.codecParameters)
    }
}

extension MediaStreamInfo {
    /// How this stream's pictures are shown: the container's orientation, and the container's
    /// sample aspect ratio, else the bitstream's (`av_guess_sample_aspect_ratio`'s rule).
    /// Square pixels for audio.
    public var displayGeometry: VideoDisplayGeometry {
        VideoDisplayGeometry(
            orientation: orientation, pixelAspectRatio: pixelAspectRatio(frameRatio: codecSampleAspectRatio))
    }

    /// The size the pictures are shown at (`PlayerItem.presentationSize`): `width`×`height`
    /// with `displayGeometry` applied. Zero for audio.
    public var presentationSize: PixelSize { displayGeometry.displaySize(width: width, height: height) }

    /// The container's ratio when it states one, else `frameRatio` (a decoded frame's, or
    /// the codec's): what ffmpeg, ffplay and mpv use.
    func pixelAspectRatio(frameRatio: Rational) -> PixelAspectRatio {
        let chosen = sampleAspectRatio.isPositive ? sampleAspectRatio : frameRatio
        return PixelAspectRatio(horizontalSpacing: Int(chosen.numerator), verticalSpacing: Int(chosen.denominator))
    }
}
