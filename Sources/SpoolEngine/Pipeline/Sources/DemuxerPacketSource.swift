import SpoolCore
import SpoolMedia

/// A packet source reading one container through one `Demuxer`.
final class DemuxerPacketSource: PacketSource {
    private let demuxer: Demuxer
    private let itemName: String
    let bytesTransferred: @Sendable () -> Int64
    private var truncation: TruncationCheck
    private var hasReadAPacket = false
    private(set) var earlyEnd: PlaybackError?

    /// Wraps `demuxer`.
    init(demuxer: Demuxer, itemName: String) {
        self.demuxer = demuxer
        let source = demuxer.byteSource
        self.itemName = itemName
        bytesTransferred = { source.bytesTransferred }
        let aviEnd = Self.declaredAVIEnd(format: demuxer.formatName, video: demuxer.video)
        let start = demuxer.startTime.isNumeric ? demuxer.startTime : .zero
        truncation = TruncationCheck(
            startTime: demuxer.startTime,
            declaredDuration: aviEnd.map { $0 - start } ?? (demuxer.isDurationDeclared ? demuxer.duration : nil),
            formatName: demuxer.formatName, byteLength: source.length,
            declaredStreamEnd: aviEnd
                ?? (demuxer.isDurationDeclared ? Self.declaredEnd(of: [demuxer.video, demuxer.audio]) : nil))
    }

    /// Where an AVI's video should end by its header: its stated frame count, one time-base
    /// tick each, from the stream's start. FFmpeg re-estimates a truncated AVI's duration from
    /// the data there (its index, at the end, is gone), so this is the only trace of the cut.
    private static func declaredAVIEnd(format: String, video: MediaStreamInfo?) -> MediaTime? {
        guard format == "avi", let video, video.declaredFrameCount > 0, video.timeBase.numerator > 0,
            video.timeBase.denominator > 0
        else { return nil }
        let start = video.startTime.isNumeric ? video.startTime : .zero
        return start
            + MediaTime(
                value: Int64(video.declaredFrameCount) * Int64(video.timeBase.numerator),
                timescale: video.timeBase.denominator)
    }

    /// The latest start + duration the streams state; `nil` when none states both.
    private static func declaredEnd(of streams: [MediaStreamInfo?]) -> MediaTime? {
        streams.compactMap { stream -> MediaTime? in
            guard let stream, stream.startTime.isNumeric, stream.duration.isNumeric, stream.duration > .zero else {
                return nil
            }
            return stream.startTime + stream.duration
        }.max()
    }

    var video: MediaStreamInfo? { demuxer.video }
    var audio: MediaStreamInfo? { demuxer.audio }
    var startTime: MediaTime { demuxer.startTime }
    var duration: MediaTime { demuxer.duration.isNumeric ? demuxer.duration : .indefinite }

    var seekableTimeRanges: [TimeRange] {
        guard demuxer.isSeekable, demuxer.duration.isNumeric else { return [] }
        return [TimeRange(start: startTime.isNumeric ? startTime : .zero, duration: demuxer.duration)]
    }

    func read() throws(PacketSourceFailure) -> PacketSourceRead? {
        let packet: DemuxedPacket?
        do {
            packet = try demuxer.readPacket()
        } catch {
            if error == .exit { throw .cancelled }
            if !hasReadAPacket, !demuxer.isSeekable, demuxer.sourceError == nil, demuxer.formatName.hasPrefix("mov,") {
                // The index came last, so the media lies behind it, and a pipe or a server without
                // ranges cannot go back: say so instead of FFmpeg's "invalid data".
                throw .failed(
                    PlaybackError(
                        .ioUnexpectedEnd,
                        "\(itemName): this MP4 keeps its index after the media, and the input cannot seek back"
                            + " to it (remux it with ffmpeg -movflags +faststart, or play the file itself)",
                        underlying: error))
            }
            throw .failed(Self.failure(error, sourceError: demuxer.sourceError, itemName: itemName))
        }
        hasReadAPacket = true
        guard let packet else {
            earlyEnd = truncation.earlyEnd().map { PlaybackError(.ioUnexpectedEnd, "\(itemName): \($0)") }
            return nil
        }
        truncation.note(
            presentationTime: packet.presentationTime, decodeTime: packet.decodeTime, duration: packet.duration,
            bytePosition: packet.bytePosition)
        return .packet(packet)
    }

    func seek(to time: MediaTime, generation: Int) throws(PacketSourceFailure) -> MediaTime? {
        do {
            return try demuxer.seek(to: time)
        } catch {
            throw error == .exit ? .cancelled : .failed(PlaybackError(.ioUnexpectedEnd, "\(error)"))
        }
    }

    func switchAudio(to index: Int, rereadingFrom time: MediaTime) -> MediaStreamInfo? {
        guard let stream = try? demuxer.selectAudio(index: index) else { return nil }
        // A one-way input cannot go back: the new track then starts where reading is.
        _ = try? demuxer.seek(to: time)
        return stream
    }

    /// The playback error for a failed read: the byte source's own error when it had one
    /// (FFmpeg sees those only as "I/O error").
    static func failure(_ error: FFmpegError, sourceError: ByteSourceError?, itemName: String) -> PlaybackError {
        if let sourceError {
            let code: PlaybackError.Code =
                switch sourceError {
                case .notFound: .ioNotFound
                case .httpStatus: .ioBadHTTPStatus
                case .network: .ioNetwork
                default: .ioUnexpectedEnd
                }
            // Most source errors name their URL already, which is usually the item's name.
            let message = "\(sourceError)".contains(itemName) ? "\(sourceError)" : "\(itemName): \(sourceError)"
            return PlaybackError(code, message, underlying: sourceError)
        }
        return PlaybackError(.ioUnexpectedEnd, "\(itemName): reading stopped early: \(error)", underlying: error)
    }
}
