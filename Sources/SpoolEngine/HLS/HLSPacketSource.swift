import Foundation
import SpoolCore
import SpoolHLS
import SpoolMedia

/// The packet source of an HLS item: one demuxer per run of segments the segment stream
/// hands out; a new run (variant switch, discontinuity) is announced as a stream change so
/// the decoders continue with the new parameters.
///
/// Timeline: packets keep their own timestamps. The offset between the playlist timeline and
/// the timestamps is taken from the first run, so seeks and the seekable range use the
/// timestamps' timeline like every other item.
final class HLSPacketSource: PacketSource {
    private let stream: HLSSegmentStream
    private let canceller: Demuxer.Canceller
    private let itemName: String
    let presentation: HLSPresentation
    private var demuxer: Demuxer
    private var run: SegmentRunByteSource
    /// Timestamp minus playlist time.
    let offset: MediaTime
    private var pendingStreamChange: (video: MediaStreamInfo?, audio: MediaStreamInfo?)?
    /// The latest packet time read, shared with the stream's buffer estimate.
    private let ahead: DemuxedAhead

    let video: MediaStreamInfo?
    let audio: MediaStreamInfo?
    let bytesTransferred: @Sendable () -> Int64

    /// Starts `stream` at `playlistTime` (`nil`: the start, or the live start point) and opens
    /// the demuxer of its first run. Blocks until the first segment has arrived and been probed.
    init(
        presentation: HLSPresentation, stream: HLSSegmentStream, canceller: Demuxer.Canceller, itemName: String,
        ahead: DemuxedAhead, startingAt playlistTime: MediaTime? = nil
    ) throws(PacketSourceFailure) {
        self.presentation = presentation
        self.stream = stream
        self.canceller = canceller
        self.itemName = itemName
        self.ahead = ahead
        bytesTransferred = { stream.statistics.bytesTransferred }
        stream.start(at: playlistTime)
        let (demuxer, run) = try Self.openRun(
            after: nil, stream: stream, canceller: canceller, url: presentation.url, itemName: itemName)
        self.demuxer = demuxer
        self.run = run
        video = demuxer.video
        audio = demuxer.audio
        let first = run.lastSegment.playlistStart
        let start = demuxer.startTime.isNumeric ? demuxer.startTime : first
        offset = start - first
    }

    var startTime: MediaTime { presentation.isLive ? (stream.liveWindow?.start ?? .zero) + offset : offset }

    /// Playlist time 0: item time is playlist time, also as a live window slides.
    var timelineOrigin: MediaTime { offset }

    var duration: MediaTime { presentation.duration }

    var seekableTimeRanges: [TimeRange] {
        if presentation.isLive {
            guard let window = stream.liveWindow else { return [] }
            return [TimeRange(start: window.start + offset, duration: window.end - window.start)]
        }
        return [TimeRange(start: offset, duration: presentation.duration)]
    }

    func read() throws(PacketSourceFailure) -> PacketSourceRead? {
        if let change = pendingStreamChange {
            pendingStreamChange = nil
            return .streamChange(video: change.video, audio: change.audio)
        }
        while true {
            let packet: DemuxedPacket?
            do {
                packet = try demuxer.readPacket()
            } catch {
                if error == .exit || canceller.isCancelled { throw .cancelled }
                if let failure = run.ending.failure { throw .failed(PlaybackError(failure.assetLoadError)) }
                throw .failed(
                    DemuxerPacketSource.failure(error, sourceError: demuxer.sourceError, itemName: itemName))
            }
            if let packet {
                ahead.record(packet.presentationTime)
                return .packet(packet)
            }
            let ending = run.ending
            if let failure = ending.failure { throw .failed(PlaybackError(failure.assetLoadError)) }
            guard let next = ending.next else { return nil }
            let (demuxer, run) = try Self.openRun(
                after: next, stream: stream, canceller: canceller, url: presentation.url, itemName: itemName)
            self.demuxer = demuxer
            self.run = run
            return .streamChange(video: demuxer.video, audio: demuxer.audio)
        }
    }

    /// Lands on the segment holding `time`; the keyframe is not known before its run is read.
    func seek(to time: MediaTime, generation: Int) throws(PacketSourceFailure) -> MediaTime? {
        stream.seek(to: time - offset, generation: generation)
        let (demuxer, run) = try Self.openRun(
            after: nil, stream: stream, canceller: canceller, url: presentation.url, itemName: itemName)
        self.demuxer = demuxer
        self.run = run
        ahead.record(time)
        pendingStreamChange = (demuxer.video, demuxer.audio)
        return nil
    }

    /// Opens a demuxer on the run starting with `first` (or with the stream's next segment).
    private static func openRun(
        after first: LoadedSegment?, stream: HLSSegmentStream, canceller: Demuxer.Canceller, url: URL,
        itemName: String
    ) throws(PacketSourceFailure) -> (Demuxer, SegmentRunByteSource) {
        var start = first
        if start == nil {
            switch stream.next() {
            case .segment(let segment): start = segment
            case .end:
                throw .failed(PlaybackError(.ioUnexpectedEnd, "\(itemName): the playlist has no segments to play"))
            case .failed(let error): throw .failed(PlaybackError(error.assetLoadError))
            case .cancelled: throw .cancelled
            }
        }
        guard let start else { throw .cancelled }
        let run = SegmentRunByteSource(first: start, stream: stream, url: url)
        do {
            return (try Demuxer(source: run, canceller: canceller), run)
        } catch {
            if error == .exit || canceller.isCancelled { throw .cancelled }
            if let failure = run.ending.failure { throw .failed(PlaybackError(failure.assetLoadError)) }
            throw .failed(
                PlaybackError(.parsingMalformed, "\(itemName): cannot read segment \(start.mediaSequence): \(error)"))
        }
    }
}
