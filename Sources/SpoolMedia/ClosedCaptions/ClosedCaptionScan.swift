internal import CFFmpeg
import SpoolCore

/// Whether a video stream carries closed captions, found by reading the SEI of its first
/// packets. FFmpeg marks captions (`FF_CODEC_PROPERTY_CLOSED_CAPTIONS`) only on a decoder
/// that has decoded frames carrying them, which a probe never exposes; so the probe opens a
/// second, bare reader of the container (no stream-info pass, no decoding) and parses the
/// packets' SEI itself, stopping at the first caption data. It runs on a thread of its own
/// beside the probe's stream-info pass (`ClosedCaptionScanJob`), so it adds no wait.
///
/// Bounded so a probe stays cheap: at most `window` of the stream (by decode time) and
/// `packetLimit` packets of all streams. Captions that begin later are not found.
enum ClosedCaptionScan {
    /// How much of the stream is read.
    static let window = MediaTime(value: 3, timescale: 1)
    /// At most this many packets (of any stream) are read.
    static let packetLimit = 2000

    /// Opens `source` (not yet opened; closed before returning) bare — the container's
    /// header only, no stream-info pass — takes its first video stream whose codec can carry
    /// SEI captions, and reads that stream's packets until one carries caption data, the
    /// bounds are reached, or reading fails. The stream's index and whether it has captions;
    /// `nil` when it has no such stream or cannot be read. Stops when `interrupt` is raised.
    static func scan(source: any ByteSource, interrupt: InterruptFlag) -> (streamIndex: Int, hasCaptions: Bool)? {
        defer { source.close() }
        do {
            try source.open()
            let io = try ByteSourceIOContext(source: source, interrupt: interrupt)
            let input = try InputFormatContext(io: io, interrupt: interrupt, formatHint: source.url.path)
            // The context reads through `io`: it must be closed first.
            return withExtendedLifetime(io) {
                input.withContext { context -> (streamIndex: Int, hasCaptions: Bool)? in
                    let streams = (0..<Int(context.pointee.nb_streams)).compactMap { context.pointee.streams[$0] }
                    for stream in streams {
                        guard let extractor = extractor(for: stream) else { continue }
                        let index = Int(stream.pointee.index)
                        return (
                            index, scan(context, streamIndex: index, extractor: extractor, interrupt: interrupt)
                        )
                    }
                    return nil
                } ?? nil
            }
        } catch {
            return nil
        }
    }

    private static func scan(
        _ context: UnsafeMutablePointer<AVFormatContext>, streamIndex: Int, extractor: ClosedCaptionExtractor,
        interrupt: InterruptFlag
    ) -> Bool {
        guard let packet = av_packet_alloc() else { return false }
        defer {
            var owned: UnsafeMutablePointer<AVPacket>? = packet
            av_packet_free(&owned)
        }
        var first: MediaTime?
        for _ in 0..<packetLimit {
            if interrupt.isRaised { return false }
            guard av_read_frame(context, packet) >= 0 else { return false }
            defer { av_packet_unref(packet) }
            guard Int(packet.pointee.stream_index) == streamIndex, streamIndex < Int(context.pointee.nb_streams),
                let stream = context.pointee.streams[streamIndex], let data = packet.pointee.data
            else { continue }
            let bytes = UnsafeRawBufferPointer(start: data, count: Int(packet.pointee.size))
            if !CaptionSEIParser.ccData(in: bytes, framing: extractor.framing, codec: extractor.codec).isEmpty {
                return true
            }
            let ticks = packet.pointee.dts != cffmpeg_nopts_value() ? packet.pointee.dts : packet.pointee.pts
            let time = MediaTime(ticks: ticks, timeBase: Rational(stream.pointee.time_base))
            guard time.isNumeric else { continue }
            if let first, time - first > window { return false }
            if first == nil { first = time }
        }
        return false
    }

    /// The extractor for the probed `stream`, when its codec can carry SEI captions.
    static func extractor(for stream: UnsafeMutablePointer<AVStream>) -> ClosedCaptionExtractor? {
        let parameters = stream.pointee.codecpar.pointee
        guard parameters.codec_type == AVMEDIA_TYPE_VIDEO,
            let codec = CaptionVideoCodec(ffmpegName: String(cString: avcodec_get_name(parameters.codec_id)))
        else { return nil }
        let extradata =
            parameters.extradata.map { Array(UnsafeBufferPointer(start: $0, count: Int(parameters.extradata_size))) }
            ?? []
        return ClosedCaptionExtractor(codec: codec, extradata: extradata)
    }
}
