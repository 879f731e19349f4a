internal import CFFmpeg
import Foundation
import SpoolCore

/// Turns an opened `AVFormatContext` into a `ProbeResult`: the only place that reads the
/// container's C structs for probing. Nothing it returns points into FFmpeg memory.
enum ProbeReader {
    static func result(of context: UnsafeMutablePointer<AVFormatContext>, isSeekable: Bool) -> ProbeResult {
        let format = context.pointee
        let streams = (0..<Int(format.nb_streams)).compactMap { format.streams[$0] }
        let artworkStream = streams.first(where: isAttachedPicture)
        let tracks = streams.filter { !isAttachedPicture($0) }.map(track)
        var metadata = AssetMetadata(
            title: tag("title", in: format.metadata),
            artist: tag("artist", in: format.metadata),
            album: tag("album", in: format.metadata))
        // Ogg and a few others tag the audio stream rather than the container.
        if let audio = streams.first(where: { $0.pointee.codecpar.pointee.codec_type == AVMEDIA_TYPE_AUDIO }) {
            metadata.title = metadata.title ?? tag("title", in: audio.pointee.metadata)
            metadata.artist = metadata.artist ?? tag("artist", in: audio.pointee.metadata)
            metadata.album = metadata.album ?? tag("album", in: audio.pointee.metadata)
        }
        metadata.replayGain = replayGain(format.metadata, audioStream: streams.first(where: isAudio))
        if let artworkStream {
            let picture = artworkStream.pointee.attached_pic
            if let bytes = picture.data, picture.size > 0 {
                metadata.artwork = Data(bytes: bytes, count: Int(picture.size))
                metadata.artworkMIMEType = mimeType(of: artworkStream.pointee.codecpar.pointee.codec_id)
            }
        }
        let duration =
            format.duration == cffmpeg_nopts_value() || format.duration < 0
            ? MediaTime.indefinite
            : MediaTime(value: format.duration, timescale: cffmpeg_time_base())
        return ProbeResult(
            duration: duration,
            formatName: format.iformat.map { String(cString: $0.pointee.name) } ?? "unknown",
            bitRate: positive(format.bit_rate),
            tracks: tracks,
            metadata: metadata,
            isSeekable: isSeekable,
            chapters: chapters(of: format, duration: duration),
            attachedFonts: streams.compactMap(attachedFont))
    }

    /// The chapters FFmpeg's demuxer exported (Matroska's, and in MP4 the `chpl` list or the
    /// QuickTime chapter track), sorted by start; ends clamped so none runs backwards.
    /// On the item's timeline, as the player's time is: FFmpeg gives them on the stream's
    /// timestamps, so a file whose timestamps start at 5 s has its first chapter at 0, not 5
    /// (one starting before the first timestamp starts at 0).
    private static func chapters(of format: AVFormatContext, duration: MediaTime) -> [MediaChapter] {
        guard let list = format.chapters else { return [] }
        let origin =
            format.start_time == cffmpeg_nopts_value()
            ? MediaTime.zero : MediaTime(value: format.start_time, timescale: cffmpeg_time_base())
        func onItemTimeline(_ time: MediaTime) -> MediaTime {
            origin == .zero ? time : max(time - origin, .zero)
        }
        let chapters = (0..<Int(format.nb_chapters)).compactMap { index -> MediaChapter? in
            guard let chapter = list[index]?.pointee, chapter.time_base.num > 0, chapter.time_base.den > 0
            else { return nil }
            let base = chapter.time_base
            // Exact in the chapter's time base when it fits MediaTime's Int32 timescale
            // (1/1000 for MP4, 1/1e9 for Matroska); microseconds otherwise.
            func time(_ units: Int64) -> MediaTime {
                if base.num == 1 { return MediaTime(value: units, timescale: base.den) }
                return MediaTime(
                    value: av_rescale_q(units, base, AVRational(num: 1, den: 1_000_000)), timescale: 1_000_000)
            }
            let start = onItemTimeline(time(chapter.start))
            let end = chapter.end == cffmpeg_nopts_value() ? start : onItemTimeline(time(chapter.end))
            return MediaChapter(title: tag("title", in: chapter.metadata), start: start, end: max(start, end))
        }
        return chapters.sorted { $0.start < $1.start }
    }

    private static func isAttachedPicture(_ stream: UnsafeMutablePointer<AVStream>) -> Bool {
        stream.pointee.disposition & cffmpeg_disposition_attached_pic() != 0
    }

    private static func track(_ stream: UnsafeMutablePointer<AVStream>) -> AssetTrack {
        let parameters = stream.pointee.codecpar.pointee
        let language = tag("language", in: stream.pointee.metadata)
        var track = AssetTrack(
            kind: kind(of: parameters.codec_type),
            codec: String(cString: avcodec_get_name(parameters.codec_id)),
            // "und" is ISO 639-2 for "undetermined": no language stated.
            language: language == "und" ? nil : language,
            bitRate: positive(parameters.bit_rate),
            isDecodable: avcodec_find_decoder(parameters.codec_id) != nil)
        track.streamIndex = Int(stream.pointee.index)
        track.title = tag("title", in: stream.pointee.metadata)
        track.isDefault = stream.pointee.disposition & cffmpeg_disposition_default() != 0
        track.isForced = stream.pointee.disposition & cffmpeg_disposition_forced() != 0
        switch track.kind {
        case .video:
            track.width = positive(Int64(parameters.width))
            track.height = positive(Int64(parameters.height))
            track.frameRate =
                framesPerSecond(stream.pointee.avg_frame_rate)
                ?? framesPerSecond(stream.pointee.r_frame_rate)
        case .audio:
            track.channels = positive(Int64(parameters.ch_layout.nb_channels))
            track.sampleRate = positive(Int64(parameters.sample_rate))
        case .subtitle, .data:
            break
        }
        return track
    }

    private static func kind(of type: AVMediaType) -> AssetTrack.MediaKind {
        switch type {
        case AVMEDIA_TYPE_VIDEO: .video
        case AVMEDIA_TYPE_AUDIO: .audio
        case AVMEDIA_TYPE_SUBTITLE: .subtitle
        default: .data
        }
    }

    private static func mimeType(of codec: AVCodecID) -> String? {
        switch codec {
        case AV_CODEC_ID_MJPEG: "image/jpeg"
        case AV_CODEC_ID_PNG: "image/png"
        case AV_CODEC_ID_BMP: "image/bmp"
        case AV_CODEC_ID_GIF: "image/gif"
        case AV_CODEC_ID_WEBP: "image/webp"
        case AV_CODEC_ID_TIFF: "image/tiff"
        default: nil
        }
    }

    /// The ReplayGain tags of the container, or of the audio stream where the container has
    /// none (Ogg tags the stream); nil when neither has a gain.
    private static func replayGain(
        _ container: OpaquePointer?, audioStream: UnsafeMutablePointer<AVStream>?
    ) -> ReplayGain? {
        for dictionary in [container, audioStream?.pointee.metadata] {
            func value(_ key: String, _ parse: (String) -> Double?) -> Double? {
                tag(key, in: dictionary).flatMap(parse)
            }
            let gain = ReplayGain(
                trackGain: value("REPLAYGAIN_TRACK_GAIN", ReplayGain.gain(tag:)),
                trackPeak: value("REPLAYGAIN_TRACK_PEAK", ReplayGain.peak(tag:)),
                albumGain: value("REPLAYGAIN_ALBUM_GAIN", ReplayGain.gain(tag:)),
                albumPeak: value("REPLAYGAIN_ALBUM_PEAK", ReplayGain.peak(tag:)))
            if !gain.isEmpty { return gain }
        }
        return nil
    }

    private static func isAudio(_ stream: UnsafeMutablePointer<AVStream>) -> Bool {
        stream.pointee.codecpar.pointee.codec_type == AVMEDIA_TYPE_AUDIO
    }

    static func tag(_ key: String, in dictionary: OpaquePointer?) -> String? {
        // av_dict_get matches keys case-insensitively, so "TITLE" (Vorbis comments) counts.
        guard let entry = av_dict_get(dictionary, key, nil, 0), let value = entry.pointee.value else { return nil }
        let text = String(cString: value)
        return text.isEmpty ? nil : text
    }

    private static func framesPerSecond(_ rate: AVRational) -> Double? {
        guard rate.num > 0, rate.den > 0 else { return nil }
        return Double(rate.num) / Double(rate.den)
    }

    private static func positive(_ value: Int64) -> Int? {
        value > 0 ? Int(value) : nil
    }
}
