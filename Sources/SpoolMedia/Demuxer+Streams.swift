internal import CFFmpeg
import SpoolCore

extension Demuxer {
    /// What `init` learns from the opened container.
    struct Description {
        var video: MediaStreamInfo?
        var audio: MediaStreamInfo?
        var duration: MediaTime
        var startTime: MediaTime
        var formatName: String
        var isDurationDeclared: Bool
    }

    /// Selects the best video and audio streams, tells FFmpeg to discard all others, and
    /// describes the container. Call after `avformat_find_stream_info`.
    static func describe(_ context: UnsafeMutablePointer<AVFormatContext>) throws(FFmpegError) -> Description {
        let format = context.pointee
        let videoIndex = bestStream(AVMEDIA_TYPE_VIDEO, in: context, related: -1)
        let audioIndex = bestStream(AVMEDIA_TYPE_AUDIO, in: context, related: videoIndex ?? -1)
        var description = Description(
            duration: format.duration == cffmpeg_nopts_value() || format.duration < 0
                ? .indefinite : MediaTime(ticks: format.duration, timeBase: Rational(cffmpeg_time_base_q())),
            startTime: MediaTime(ticks: format.start_time, timeBase: Rational(cffmpeg_time_base_q())),
            formatName: format.iformat.map { String(cString: $0.pointee.name) } ?? "unknown",
            // FFmpeg estimates a duration from timestamps or the bit rate when the container
            // states none; only a stated one says how much media a complete file holds.
            isDurationDeclared: format.duration_estimation_method == AVFMT_DURATION_FROM_STREAM
                && !hasUnknownDurationSentinel(context))
        for index in 0..<Int(format.nb_streams) {
            guard let stream = format.streams[index] else { continue }
            switch index {
            case videoIndex:
                description.video = try MediaStreamInfo(stream: stream, in: context, kind: .video)
            case audioIndex:
                description.audio = try MediaStreamInfo(stream: stream, in: context, kind: .audio)
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
