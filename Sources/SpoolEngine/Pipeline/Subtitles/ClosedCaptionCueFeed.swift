import Foundation
import SpoolCore
import SpoolMedia

/// The CEA-608 closed captions (channel 1) a file's H.264 or HEVC video carries in its SEI,
/// read by a demuxer of its own that reads only the video stream's packets and never decodes
/// a picture: the SEI is parsed from the packets (`ClosedCaptionExtractor`), put back in
/// presentation order (`CaptionReorderBuffer`) and decoded by FFmpeg's `ccaption`
/// (`ClosedCaptionDecoder`), as `ffmpeg`'s `subcc` does from decoded frames. So selecting
/// captions or seeking starts at the playhead, as `EmbeddedCueFeed` does for text tracks.
///
/// A caption comes out when the screen it showed is replaced or erased, up to its own length
/// after it started; the subtitle thread reads 10 s ahead, so captions shorter than that
/// arrive before they are due.
final class ClosedCaptionCueFeed: CueFeed {
    private let demuxer: Demuxer
    private let extractor: ClosedCaptionExtractor
    private let decoder: ClosedCaptionDecoder
    private var reorder = CaptionReorderBuffer()
    private var ended = false
    private let unregister: @Sendable () -> Void
    /// Packets are read in batches of at most this many, so one call stays short.
    private let batch = 64

    /// Opens `url` for its video stream `streamIndex` and positions it at `time`. Blocks.
    /// `cancels` stops a blocked read when the item stops. Throws `.streamNotFound` when the
    /// stream is not H.264 or HEVC video.
    init(url: URL, videoStreamIndex streamIndex: Int, at time: MediaTime, cancels: CancelGroup) throws {
        let opened = try FeedDemuxer(url: url, streams: .video(streamIndex), cancels: cancels)
        demuxer = opened.demuxer
        unregister = opened.unregister
        do {
            guard let stream = demuxer.video, let extractor = ClosedCaptionExtractor(stream: stream) else {
                throw FFmpegError.streamNotFound
            }
            self.extractor = extractor
            decoder = try ClosedCaptionDecoder()
        } catch {
            opened.unregister()
            throw error
        }
        reposition(at: time)
    }

    deinit { unregister() }

    func next(timeout: Duration) -> CueFeedEvent? {
        if ended { return .end }
        var cues: [LegibleCue] = []
        var covered = MediaTime.invalid
        for _ in 0..<batch {
            let packet: DemuxedPacket?
            do {
                packet = try demuxer.readPacket()
            } catch {
                ended = true
                return error == .exit ? .end : .failed("\(error)")
            }
            guard let packet else {
                cues += decode(reorder.drain())
                ended = true
                return .cues(cues, coveredUntil: .positiveInfinity)
            }
            let ready = reorder.add(
                extractor.ccData(in: packet), time: packet.presentationTime, decodeTime: packet.decodeTime)
            cues += decode(ready)
            if let last = ready.last { covered = last.time }
        }
        return .cues(cues, coveredUntil: covered.isNumeric ? covered : .zero)
    }

    /// The captions `entries` (in presentation order) complete; data the decoder refuses is skipped.
    private func decode(_ entries: [CaptionReorderBuffer.Entry]) -> [LegibleCue] {
        entries.compactMap { entry in
            guard let caption = try? decoder.decode(entry.data, at: entry.time) else { return nil }
            return LegibleCue(caption: caption, header: decoder.header)
        }
    }

    func seek(to time: MediaTime, generation: Int) {
        reposition(at: time)
    }

    private func reposition(at time: MediaTime) {
        ended = false
        reorder.reset()
        decoder.flush()
        // A caption showing at `time` was written and shown earlier: start far enough back
        // to decode it (the demuxer lands on the keyframe at or before).
        let back = MediaTime(value: 10, timescale: 1)
        _ = try? demuxer.seek(to: time.isNumeric && time > back ? time - back : .zero)
    }

    func close() {
        ended = true
        demuxer.cancel()
    }
}
