internal import CFFmpeg
public import SpoolCore

/// Reads a container's packets from a `ByteSource`: the first stage of the pipeline.
///
/// It selects the best video stream and an audio stream (the one asked for, else
/// `av_find_best_stream`'s; a cover picture is not video) and returns only their packets;
/// FFmpeg is told to discard every other stream. `selectAudio(index:)` changes the audio
/// stream while reading. Opened for one subtitle stream (or one video stream, for its
/// closed captions), it returns only that stream's packets.
///
/// Timeline: every time it reports is the container's own (stream timestamps as stored),
/// so packets, decoded frames and `seek(to:)` targets all share one timeline. It need not
/// start at zero: `startTime` says where it starts (an MPEG-TS often starts near 1.4 s).
///
/// Ownership and confinement: the demuxer owns the byte source from `init` on (it opens
/// it, and closes it in `deinit` or when `init` fails) and the FFmpeg objects reading it.
/// Every method blocks and must be called from one thread at a time (the demux thread,
/// never the cooperative pool); hence not `Sendable`. Only its `Canceller` crosses threads.
public final class Demuxer {
    /// The selected video stream; `nil` when the container has none.
    public let video: MediaStreamInfo?
    /// The selected audio stream; `nil` when the container has none.
    public private(set) var audio: MediaStreamInfo?
    /// The selected subtitle stream (`Streams.subtitle`); `nil` otherwise.
    public let subtitle: MediaStreamInfo?
    /// For a subtitle demuxer, the coded size of the container's video stream (not read):
    /// what a bitmap subtitle's positions refer to when it states no size. `nil` otherwise.
    public let subtitleVideoSize: PixelSize?
    /// The container's duration; `indefinite` when it states none (a live stream).
    public let duration: MediaTime
    /// The container's first timestamp (the earliest of its streams); `invalid` if unknown.
    public let startTime: MediaTime
    /// Whether `seek(to:)` can work: the byte source can seek.
    public let isSeekable: Bool
    /// FFmpeg's name of the container format (`"matroska,webm"`).
    public let formatName: String
    /// Whether the container states `duration` (a header or index) rather than FFmpeg
    /// estimating it from timestamps or the bit rate. Only a stated duration can tell that a
    /// file ends before its media does.
    public let isDurationDeclared: Bool
    /// The canceller that stops this demuxer (the one given to `init`).
    public let canceller: Canceller

    private let source: any ByteSource
    private let io: ByteSourceIOContext
    private var input: InputFormatContext?
    private var selectedStreams: [Int: MediaStreamInfo]
    /// Packets a seek read to find its keyframe (`seek(to:)`), returned before reading on.
    var replay: [DemuxedPacket] = []

    /// Which streams a demuxer reads.
    public enum Streams: Sendable, Hashable {
        /// The best video stream and the audio stream at `audioIndex` (a container stream
        /// index; `nil`, or not an audio stream: `av_find_best_stream`'s choice).
        case playback(audioIndex: Int?)
        /// Only the subtitle stream at this container index.
        case subtitle(Int)
        /// Only the video stream at this container index, for what its packets carry besides
        /// pictures (closed captions in SEI); no decoder reads them.
        case video(Int)
    }

    /// Opens `source` (not yet opened), reads the container header and stream info, and
    /// selects the streams. Blocks. Throws `FFmpegError.exit` when `canceller` is raised
    /// meanwhile, `.ioError` when the source fails (see `sourceError` on a live demuxer),
    /// or FFmpeg's code for data it cannot read. The source is closed if `init` throws.
    public convenience init(
        source: any ByteSource, canceller: Canceller = Canceller(), streams: Streams = .playback(audioIndex: nil)
    ) throws(FFmpegError) {
        var opened = false
        defer { if !opened { source.close() } }
        guard canceller.attach(source) else { throw .exit }
        do {
            try source.open()
        } catch {
            throw error == .cancelled ? .exit : .ioError
        }
        let io = try ByteSourceIOContext(source: source, interrupt: canceller.interrupt)
        let input: InputFormatContext
        do {
            input = try InputFormatContext(io: io, interrupt: canceller.interrupt, formatHint: source.url.path)
            try input.findStreamInfo()
        } catch {
            // Whatever FFmpeg made of the reads that failed, a cancellation is a cancellation.
            throw canceller.isCancelled ? .exit : error
        }
        try self.init(
            parts: OpenedContainer.Parts(source: source, io: io, input: input), canceller: canceller, streams: streams)
        opened = true
    }

    /// Starts from a container a probe already opened and read the stream info of
    /// (`MediaProbe(keepsContainerOpen:)`), taking it over: nothing is opened or read again,
    /// and the packets the probe read come out first. From here on `canceller` stops it.
    /// Throws `.invalidArgument` when the container was taken already, `.exit` when
    /// `canceller` was raised; the container's source is closed if `init` throws.
    public convenience init(
        container: OpenedContainer, canceller: Canceller = Canceller(), streams: Streams = .playback(audioIndex: nil)
    ) throws(FFmpegError) {
        guard let parts = container.take() else { throw .invalidArgument }
        var adopted = false
        defer { if !adopted { parts.source.close() } }
        guard canceller.attach(parts.source) else { throw .exit }
        parts.io.rebind(interrupt: canceller.interrupt)
        parts.input.rebind(interrupt: canceller.interrupt)
        try self.init(parts: parts, canceller: canceller, streams: streams)
        adopted = true
    }

    /// Selects the streams of an open container and takes ownership of it (the convenience
    /// initialisers close the source when this throws).
    private init(parts: OpenedContainer.Parts, canceller: Canceller, streams: Streams) throws(FFmpegError) {
        self.source = parts.source
        self.canceller = canceller
        io = parts.io
        let description: Description?
        do {
            description = try parts.input.withContext { context throws(FFmpegError) in
                try Self.describe(context, streams: streams)
            }
        } catch {
            throw canceller.isCancelled ? .exit : error
        }
        guard let description else { throw .invalidData }
        self.input = parts.input
        video = description.video
        audio = description.audio
        subtitle = description.subtitle
        subtitleVideoSize = description.videoSize
        selectedStreams = Dictionary(
            uniqueKeysWithValues: [video, audio, subtitle].compactMap { $0 }.map { ($0.index, $0) })
        duration = description.duration
        startTime = description.startTime
        formatName = description.formatName
        isDurationDeclared = description.isDurationDeclared
        isSeekable = io.isSeekable
    }

    deinit {
        // The format context must be closed while the source it reads is still open.
        input = nil
        source.close()
    }

    /// The selected streams: video first, then audio, then a subtitle stream.
    public var streams: [MediaStreamInfo] { [video, audio, subtitle].compactMap { $0 } }

    /// The first failure of the byte source, when FFmpeg saw it only as an I/O error: the
    /// real cause ("HTTP 404", "connection reset") of a `readPacket()` failure.
    public var sourceError: ByteSourceError? { io.sourceError }

    /// The byte source this demuxer owns and reads (for its length and transfer count;
    /// reading it directly would break the demuxer).
    public var byteSource: any ByteSource { source }

    /// Bytes read from the source so far.
    public var bytesRead: Int64 { io.bytesRead }

    /// The next packet of a selected stream, in container order; `nil` at the end of the
    /// stream. Blocks while the source has no bytes. Throws `.exit` once cancelled, and
    /// FFmpeg's code when the data is damaged or the source fails. After an error or `nil`
    /// the caller may still `seek(to:)` and read on.
    public func readPacket() throws(FFmpegError) -> DemuxedPacket? {
        guard let input else { return nil }
        if !replay.isEmpty { return replay.removeFirst() }
        guard let packet = av_packet_alloc() else { throw .outOfMemory }
        var handedOver = false
        defer {
            if !handedOver {
                var owned: UnsafeMutablePointer<AVPacket>? = packet
                av_packet_free(&owned)
            }
        }
        while true {
            if canceller.isCancelled { throw .exit }
            let code = input.withContext { av_read_frame($0, packet) } ?? FFmpegError.invalidArgument.rawValue
            do {
                guard case .done = try FFmpegCall.progress(code) else { return nil }
            } catch {
                throw canceller.isCancelled ? .exit : error
            }
            // Some demuxers ignore AVDISCARD_ALL; their packets are dropped here.
            guard let stream = selectedStreams[Int(packet.pointee.stream_index)] else {
                av_packet_unref(packet)
                continue
            }
            handedOver = true
            return DemuxedPacket(owning: packet, stream: stream)
        }
    }

    /// FFmpeg's seek to the keyframe at or before `time`, as the container's index (or, without
    /// one, its timestamps) finds it; `seek(to:)` checks where it landed.
    func seekContainer(to time: MediaTime) throws(FFmpegError) {
        replay.removeAll()
        guard isSeekable else { throw .notSeekable }
        guard let target = time.ticks(in: Rational(cffmpeg_time_base_q())), let input else {
            throw .invalidArgument
        }
        if canceller.isCancelled { throw .exit }
        // min_ts = −∞, max_ts = target: the keyframe at or before the target, the
        // AVSEEK_FLAG_BACKWARD meaning, with stream −1 so FFmpeg picks the reference stream.
        var code = input.withContext { avformat_seek_file($0, -1, Int64.min, target, target, 0) }
        if let failed = code, failed < 0, !canceller.isCancelled {
            // Nothing at or before the target (it precedes the first keyframe): the
            // nearest keyframe after it is the best there is.
            code = input.withContext { avformat_seek_file($0, -1, Int64.min, target, Int64.max, 0) }
        }
        if canceller.isCancelled { throw .exit }
        try FFmpegCall.check(code ?? FFmpegError.invalidArgument.rawValue)
    }

    /// Reads the audio stream at container index `index` from now on instead of the current
    /// one, whose packets FFmpeg discards again; returns it. Packets already read are not
    /// re-read: seek to go back to where the new stream should start. Throws
    /// `.streamNotFound` when `index` is not an audio stream with channels.
    public func selectAudio(index: Int) throws(FFmpegError) -> MediaStreamInfo {
        if let audio, audio.index == index { return audio }
        guard let input else { throw .invalidArgument }
        let found = try input.withContext { context throws(FFmpegError) -> MediaStreamInfo in
            guard index >= 0, index < Int(context.pointee.nb_streams), let stream = context.pointee.streams[index],
                Self.isPlayableAudio(stream)
            else { throw .streamNotFound }
            let info = try MediaStreamInfo(stream: stream, in: context, kind: .audio)
            stream.pointee.discard = AVDISCARD_DEFAULT
            if let old = audio, let previous = context.pointee.streams[old.index] {
                previous.pointee.discard = AVDISCARD_ALL
            }
            return info
        }
        guard let chosen = found else { throw .invalidArgument }
        if let old = audio { selectedStreams[old.index] = nil }
        selectedStreams[index] = chosen
        audio = chosen
        return chosen
    }

    /// Stops the demuxer: the same as `canceller.cancel()`.
    public func cancel() { canceller.cancel() }
}
