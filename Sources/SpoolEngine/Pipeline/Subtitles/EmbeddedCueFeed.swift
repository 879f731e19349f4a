import Foundation
import SpoolCore
import SpoolMedia

/// The cues of a subtitle track inside the item's own file (SubRip, ASS/SSA, WebVTT,
/// mov_text, and the bitmap codecs PGS, DVD and DVB), read by a demuxer of its own that reads
/// only that stream, so switching tracks or seeking starts at the playhead, never where the
/// playback demuxer has read ahead to. Packets are decoded by FFmpeg's subtitle decoder
/// (`SubtitleDecoder`); a packet it refuses is skipped. A text cue carries its ASS event and
/// the track's header (`LegibleCue.ass`); a bitmap cue its pictures (`LegibleCue.bitmap`),
/// given out once the next subtitle of the stream has settled its end (`BitmapCueHold`).
final class EmbeddedCueFeed: CueFeed {
    private let demuxer: Demuxer
    private let decoder: SubtitleDecoder
    private var hold = BitmapCueHold()
    private var ended = false
    private let unregister: @Sendable () -> Void
    /// Cues are read in batches of at most this many packets, so one call stays short.
    private let batch = 32

    /// Opens `url` for its subtitle stream `streamIndex` and positions it at `time`. Blocks.
    /// `cancels` stops a blocked read when the item stops.
    init(url: URL, streamIndex: Int, at time: MediaTime, cancels: CancelGroup) throws {
        let opened = try FeedDemuxer(url: url, streams: .subtitle(streamIndex), cancels: cancels)
        demuxer = opened.demuxer
        unregister = opened.unregister
        do {
            guard let stream = demuxer.subtitle else { throw FFmpegError.streamNotFound }
            decoder = try SubtitleDecoder(stream: stream, videoSize: demuxer.subtitleVideoSize)
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
                ended = true
                let streamEnd = demuxer.duration.isNumeric ? demuxer.startTime + demuxer.duration : .invalid
                if let last = hold.finish(streamEnd: streamEnd) { cues.append(last) }
                return .cues(cues, coveredUntil: .positiveInfinity)
            }
            if packet.presentationTime.isNumeric { covered = packet.presentationTime }
            if let settled = hold.settled(at: packet.presentationTime) { cues.append(settled) }
            guard let subtitle = try? decoder.decode(packet) else { continue }
            if decoder.isBitmap {
                if let ended = hold.take(LegibleCue(bitmap: subtitle)) { cues.append(ended) }
            } else {
                cues.append(LegibleCue(subtitle, header: decoder.header, hasOwnStyles: decoder.hasOwnStyles))
            }
        }
        // A held cue is not given out yet: the stretch it starts in is not covered.
        if let held = hold.held, !covered.isNumeric || held.start < covered { covered = held.start }
        return .cues(cues, coveredUntil: covered.isNumeric ? covered : .zero)
    }

    func seek(to time: MediaTime, generation: Int) {
        reposition(at: time)
    }

    private func reposition(at time: MediaTime) {
        ended = false
        hold.reset()
        // Cues showing at `time` started earlier: go back far enough to find them (a
        // subtitle stream has no keyframes; the demuxer lands on the packet at or before).
        let back = MediaTime(value: 10, timescale: 1)
        _ = try? demuxer.seek(to: time.isNumeric && time > back ? time - back : .zero)
    }

    func close() {
        ended = true
        demuxer.cancel()
    }
}

extension LegibleCue {
    /// The cue of a decoded embedded subtitle.
    init(_ subtitle: DecodedSubtitle, header: String, hasOwnStyles: Bool) {
        self.init(
            start: subtitle.start, end: subtitle.end, text: subtitle.text,
            ass: LegibleCue.ASS(header: header, events: subtitle.assEvents, hasOwnStyles: hasOwnStyles))
    }

    /// The cue of a decoded bitmap subtitle (no pictures: a clear).
    init(bitmap subtitle: DecodedSubtitle) {
        let size = subtitle.referenceSize ?? PixelSize(width: 0, height: 0)
        self.init(
            start: subtitle.start, end: subtitle.end,
            bitmap: LegibleCue.Bitmap(referenceSize: size, images: subtitle.bitmaps))
    }
}
