import SpoolCore
import SpoolMedia

/// Where the demux thread gets its packets: one `Demuxer` for a file or a progressive
/// stream, a chain of demuxers (one per run of compatible segments) for HLS.
///
/// Used only on the demux thread, like the demuxers it wraps; hence not `Sendable`.
protocol PacketSource: AnyObject {
    /// The video stream the first packets belong to; `nil` when there is none.
    var video: MediaStreamInfo? { get }
    /// The audio stream the first packets belong to; `nil` when there is none.
    var audio: MediaStreamInfo? { get }
    /// Where the timeline starts (the first timestamp); `invalid` when unknown.
    var startTime: MediaTime { get }
    /// The timestamp that is item time 0 (`Player.currentTime()` runs from 0 to the
    /// duration): the container's start; for HLS, the first segment's playlist time 0, which
    /// stays put as a live window moves.
    var timelineOrigin: MediaTime { get }
    /// The duration; `indefinite` for a live stream.
    var duration: MediaTime { get }
    /// The ranges `seek(to:)` can reach.
    var seekableTimeRanges: [TimeRange] { get }
    /// Counts the bytes fetched so far, from any thread (for the access log).
    var bytesTransferred: @Sendable () -> Int64 { get }

    /// The next packet or stream change; `nil` at the end. Blocks.
    func read() throws(PacketSourceFailure) -> PacketSourceRead?
    /// Once `read()` returned `nil`: why the media ended before the container said it would
    /// (a truncated file), or `nil` when it ended where it should.
    var earlyEnd: PlaybackError? { get }
    /// Moves to `time`; reading continues from the last keyframe (or segment start) at or
    /// before it. Failing leaves the position where it was. `generation` is the pipeline's
    /// generation the seek starts (`PipelineControlState.generation`): a source with a
    /// downloader of its own (HLS) names the downloader's stretch by it, so one number counts
    /// seeks in the pipeline and in its streams. Returns the video keyframe reading resumes
    /// at when the source knows it (a keyframe seek lands there), else `nil`.
    func seek(to time: MediaTime, generation: Int) throws(PacketSourceFailure) -> MediaTime?
    /// Reads the audio stream at container index `index` instead of the current one, from
    /// the last keyframe at or before `time` (packets of the other streams read before are
    /// read again); returns the new stream, or `nil` when this source cannot switch.
    func switchAudio(to index: Int, rereadingFrom time: MediaTime) -> MediaStreamInfo?
}

extension PacketSource {
    /// Sources that cannot tell (HLS: every segment is whole or fails) never end early.
    var earlyEnd: PlaybackError? { nil }

    /// Sources made of several demuxers (HLS) switch audio by renditions instead.
    func switchAudio(to index: Int, rereadingFrom time: MediaTime) -> MediaStreamInfo? { nil }
}

/// What a packet source read.
enum PacketSourceRead {
    /// A packet of the current video or audio stream.
    case packet(DemuxedPacket)
    /// The packets that follow belong to new streams (another HLS variant or a
    /// discontinuity): decoders must continue with these parameters.
    case streamChange(video: MediaStreamInfo?, audio: MediaStreamInfo?)
}

/// Why a packet source stopped.
enum PacketSourceFailure: Error {
    /// The pipeline was cancelled: not an error to report.
    case cancelled
    /// Reading failed; the error says why, naming the item.
    case failed(PlaybackError)
}

extension PacketSource {
    /// A file's origin: its first timestamp (0 when the container does not say).
    var timelineOrigin: MediaTime { startTime.isNumeric ? startTime : .zero }
}
