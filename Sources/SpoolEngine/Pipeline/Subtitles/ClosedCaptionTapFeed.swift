import SpoolCore
import SpoolMedia

/// The CEA-608 captions of an HLS CLOSED-CAPTIONS rendition (INSTREAM-ID CC1): the caption
/// bytes of the video packets the demux thread reads (`CaptionTap`), put in presentation order
/// and decoded by FFmpeg's `ccaption`, as `ClosedCaptionCueFeed` does for a file. Captions
/// read before the feed opened (the demuxer reads ahead of the playhead) are not seen: a
/// caption selected while playing starts with what is read next.
final class ClosedCaptionTapFeed: CueFeed {
    private let tap: CaptionTap
    private let decoder: ClosedCaptionDecoder
    private var reorder = CaptionReorderBuffer()
    private var generation: Int
    private var ended = false
    private var closed = false
    /// At most this many items are taken in one call, so one call stays short.
    private let batch = 64

    /// A feed of `tap`'s captions from pipeline generation `generation` on. Throws when
    /// FFmpeg has no `ccaption` decoder.
    init(tap: CaptionTap, generation: Int) throws {
        self.tap = tap
        self.generation = generation
        decoder = try ClosedCaptionDecoder()
        tap.listen(true)
    }

    // A feed replaced by the next one is closed first and freed after the next one opened:
    // only the first `close` stops the tap, so the next feed keeps listening.
    deinit { close() }

    func next(timeout: Duration) -> CueFeedEvent? {
        if ended { return .end }
        var cues: [LegibleCue] = []
        var covered = MediaTime.invalid
        var taken = 0
        while taken < batch {
            let popped: (element: CaptionTap.Tagged, generation: Int)?
            if taken == 0 {
                guard case .element(let element, let queueGeneration) = tap.items.pop(timeout: timeout) else {
                    return nil
                }
                popped = (element, queueGeneration)
            } else {
                popped = tap.items.tryPop()
            }
            guard let tagged = popped?.element else { break }
            taken += 1
            guard tagged.generation >= generation else { continue }
            if tagged.generation > generation {
                // A seek this feed has not been told of yet: what came before is stale.
                reset(generation: tagged.generation)
            }
            switch tagged.item {
            case .data(let time, let decodeTime, let bytes):
                let ready = reorder.add(bytes, time: time, decodeTime: decodeTime)
                cues += decode(ready)
                if let last = ready.last { covered = last.time }
            case .end:
                cues += decode(reorder.drain())
                ended = true
                return .cues(cues, coveredUntil: .positiveInfinity)
            }
        }
        return .cues(cues, coveredUntil: covered.isNumeric ? covered : .zero)
    }

    private func decode(_ entries: [CaptionReorderBuffer.Entry]) -> [LegibleCue] {
        entries.compactMap { entry in
            guard let caption = try? decoder.decode(entry.data, at: entry.time) else { return nil }
            return LegibleCue(caption: caption, header: decoder.header)
        }
    }

    private func reset(generation newGeneration: Int) {
        generation = newGeneration
        ended = false
        reorder.reset()
        decoder.flush()
    }

    func seek(to time: MediaTime, generation: Int) {
        // The demux thread reads from the seek's keyframe in `generation`; items of earlier
        // generations still queued are dropped as they are taken.
        if generation > self.generation { reset(generation: generation) }
    }

    func close() {
        guard !closed else { return }
        closed = true
        ended = true
        tap.listen(false)
    }
}
