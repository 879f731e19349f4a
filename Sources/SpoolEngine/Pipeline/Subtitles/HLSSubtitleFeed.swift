import Foundation
import SpoolCore
import SpoolHLS

/// The cues of an HLS subtitle rendition: its WebVTT segments, fetched ahead like media
/// segments by a segment stream of their own, parsed, and placed on the item's timeline with
/// each segment's X-TIMESTAMP-MAP (`SubtitleTimeline`). A segment that does not parse is
/// skipped (its stretch has no cues); playback never fails for subtitles.
final class HLSSubtitleFeed: CueFeed {
    private let stream: HLSSegmentStream
    private let timeline: SubtitleTimeline
    private let shutDown: @Sendable () -> Void
    private let ahead: DemuxedAhead
    private var ended = false

    /// Loads the rendition's playlist at `url` (blocking) and starts fetching from
    /// `time` on the item's timeline.
    init(
        url: URL, timeline: SubtitleTimeline, at time: MediaTime, opener: HLSRenditionOpener,
        playhead: @escaping @Sendable () -> MediaTime
    ) throws(PacketSourceFailure) {
        let ahead = DemuxedAhead(playhead: playhead)
        let (stream, _, key) = try opener.openStream(url, consumerBuffered: { ahead.duration })
        self.stream = stream
        self.timeline = timeline
        self.ahead = ahead
        let cancels = opener.cancels
        shutDown = {
            stream.cancel()
            cancels.remove(key)
        }
        stream.start(at: time - timeline.playlistToMedia)
    }

    deinit { shutDown() }

    func next(timeout: Duration) -> CueFeedEvent? {
        if ended { return .end }
        switch stream.next(timeout: timeout) {
        case nil:
            return nil
        case .segment(let segment):
            let end = segment.playlistStart + segment.duration + timeline.playlistToMedia
            ahead.record(end)
            guard let document = try? WebVTT.parse(segment.data) else { return .cues([], coveredUntil: end) }
            let offset = timeline.offset(for: document)
            return .cues(document.cues.map { LegibleCue($0, offset: offset) }, coveredUntil: end)
        case .end, .cancelled:
            ended = true
            return .end
        case .failed(let error):
            ended = true
            return .failed("\(error)")
        }
    }

    func seek(to time: MediaTime, generation: Int) {
        ended = false
        ahead.record(time)
        stream.seek(to: time - timeline.playlistToMedia, generation: generation)
    }

    func close() {
        ended = true
        shutDown()
    }
}
