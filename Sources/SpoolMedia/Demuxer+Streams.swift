internal import CFFmpeg
import SpoolCore

extension Demuxer {
    /// What `init` learns from the opened container.
    struct Description {
        var video: MediaStreamInfo?
        var audio: MediaStreamInfo?
        var subtitle: MediaStreamInfo?
        /// For a subtitle demuxer: the coded size of the video stream it would play beside.
        var videoSize: PixelSize?
        var duration: MediaTime
        var startTime: MediaTime
        var formatName: String
        var isDurationDeclared: Bool
    }

    /// Selects the streams `streams` asks for, tells FFmpeg to discard all others, and
    /// describes the container. Call after `avformat_find_stream_info`.
    static func describe(_ context: UnsafeMutablePointer<AVFormatContext>, streams: Streams) throws(FFmpegError)
        -> Description
    {
        let format = context.pointee
        var videoIndex: Int?
        var audioIndex: Int?
        var subtitleIndex: Int?
        var videoSize: PixelSize?
        switch streams {
        case .playback(let wantedAudio):
            videoIndex = bestStream(AVMEDIA_TYPE_VIDEO, in: context, related: -1)
            if let wantedAudio, wantedAudio >= 0, wantedAudio < Int(format.nb_streams),
                let stream = format.streams[wantedAudio], isPlayableAudio(stream)
            {
                audioIndex = wantedAudio
            } else {
                audioIndex = bestStream(AVMEDIA_TYPE_AUDIO, in: context, related: videoIndex ?? -1)
            }
        case .subtitle(let index):
            guard index >= 0, index < Int(format.nb_streams), let stream = format.streams[index],
                stream.pointee.codecpar.pointee.codec_type == AVMEDIA_TYPE_SUBTITLE
            else { throw .streamNotFound }
            subtitleIndex = index
            if let video = bestStream(AVMEDIA_TYPE_VIDEO, in: context, related: -1),
                let parameters = format.streams[video]?.pointee.codecpar.pointee,
                parameters.width > 0, parameters.height > 0
            {
                videoSize = PixelSize(width: Int(parameters.width), height: Int(parameters.height))
            }
        case .video(let index):
            guard index >= 0, index < Int(format.nb_streams), let stream = format.streams[index],
                stream.pointee.codecpar.pointee.codec_type == AVMEDIA_TYPE_VIDEO
            else { throw .streamNotFound }
            videoIndex = index
        }
        var description = Description(
            duration: format.duration == cffmpeg_nopts_value() || format.duration < 0
                ? .indefinite : MediaTime(ticks: format.duration, timeBase: Rational(cffmpeg_time_base_q())),
            startTime: MediaTime(ticks: format.start_time, timeBase: Rational(cffmpeg_time_base_q())),
            formatName: format.iformat.map { String(cString: $0.pointee.name) } ?? "unknown",
            // FFmpeg estimates a duration from timestamps or the bit rate when the container
            // states none; only a stated one says how much media a complete file holds.
            isDurationDeclared: format.duration_estimation_method == AVFMT_DURATION_FROM_STREAM
                && !hasUnknownDurationSentinel(context))
        description.videoSize = videoSize
        for index in 0..<Int(format.nb_streams) {
            guard let stream = format.streams[index] else { continue }
            switch index {
            case videoIndex:
                description.video = try MediaStreamInfo(stream: stream, in: context, kind: .video)
            case audioIndex:
                description.audio = try MediaStreamInfo(stream: stream, in: context, kind: .audio)
            case subtitleIndex:
                description.subtitle = try MediaStreamInfo(stream: stream, in: context, kind: .subtitle)
            default:
                // The demuxer then skips these packets without handing them over.
                stream.pointee.discard = AVDISCARD_ALL
            }
        }
        return description
    }

    /// Whether a stream's stated duration is ISO BMFF's "unknown" (every bit of the 32- or
    /// 64-bit field set), which FFmpeg passes on as a duration: fragmented MP4 writers put it
    /// in the `mvhd`/`tkhd` of files whose real length is only in the fragments.
    private static func hasUnknownDurationSentinel(_ context: UnsafeMutablePointer<AVFormatContext>) -> Bool {
        (0..<Int(context.pointee.nb_streams)).contains { index in
            guard let stream = context.pointee.streams[index] else { return false }
            let duration = stream.pointee.duration
            return duration == Int64(UInt32.max)
        }
    }

    /// Whether `stream` is audio FFmpeg can describe (channels and a rate), as
    /// `av_find_best_stream` requires.
    static func isPlayableAudio(_ stream: UnsafeMutablePointer<AVStream>) -> Bool {
        let parameters = stream.pointee.codecpar.pointee
        return parameters.codec_type == AVMEDIA_TYPE_AUDIO && parameters.ch_layout.nb_channels > 0
            && parameters.sample_rate > 0
    }

    /// `av_find_best_stream`'s choice for `type`, or `nil`. A cover picture is artwork
    /// (`AssetMetadata.artwork`), not a video stream to play, so it is never chosen.
    private static func bestStream(
        _ type: AVMediaType, in context: UnsafeMutablePointer<AVFormatContext>, related: Int
    ) -> Int? {
        let index = av_find_best_stream(context, type, -1, Int32(related), nil, 0)
        guard index >= 0, let stream = context.pointee.streams[Int(index)] else { return nil }
        if stream.pointee.disposition & cffmpeg_disposition_attached_pic() != 0 { return nil }
        return Int(index)
    }
}
