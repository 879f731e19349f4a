import SpoolCore
import SpoolMedia

/// Closed-caption data taken from the video packets the demux thread already reads, for an
/// HLS item's CLOSED-CAPTIONS rendition: the captions travel in the variant's own video, so
/// reading it again would fetch every segment twice. The demux thread adds each video packet
/// it queues (`add`), the subtitle thread's `ClosedCaptionTapFeed` takes the caption bytes.
///
/// Nothing is kept while no feed listens (`listen`), so an item whose captions are off pays
/// one lock per video packet. The demux thread never waits on it: the queue takes every item
/// (a few bytes per frame) and the feed drops what belongs to an older generation.
final class CaptionTap: Sendable {
    /// What the demux thread hands over.
    enum Item: Sendable {
        /// One frame's caption bytes, with its presentation and decode times.
        case data(time: MediaTime, decodeTime: MediaTime, bytes: [UInt8])
        /// The stream ended in this generation.
        case end
    }

    /// An item and the pipeline generation it was read in.
    struct Tagged: Sendable {
        let item: Item
        let generation: Int
    }

    private struct State {
        var extractor: ClosedCaptionExtractor?
        var isListening = false
    }

    private let state: Locked<State>
    /// Unbounded in practice: a frame's caption data is a few bytes.
    let items = BoundedBlockingQueue<Tagged>(capacity: 1 << 40)

    /// A tap that keeps items from the start when `listening`: when the item starts with its
    /// captions chosen, the demux thread may read the first packets before the subtitle
    /// thread has opened its feed.
    init(listening: Bool = false) {
        state = Locked(State(isListening: listening))
    }

    /// Reads captions from packets of `stream` from now on (the demux thread: when the item
    /// opens, and when an HLS variant switch changes the stream).
    func setStream(_ stream: MediaStreamInfo?) {
        let extractor = stream.flatMap(ClosedCaptionExtractor.init(stream:))
        state.withLock { $0.extractor = extractor }
    }

    /// Takes the caption bytes of a video packet queued in `generation` (the demux thread).
    func add(_ packet: DemuxedPacket, generation: Int) {
        guard let extractor = state.withLock({ $0.isListening ? $0.extractor : nil }) else { return }
        let bytes = extractor.ccData(in: packet)
        guard !bytes.isEmpty else { return }
        items.push(
            Tagged(
                item: .data(time: packet.presentationTime, decodeTime: packet.decodeTime, bytes: bytes),
                generation: generation), cost: 1, overCapacity: true)
    }

    /// Marks the end of the stream in `generation` (the demux thread).
    func finish(generation: Int) {
        guard state.withLock({ $0.isListening }) else { return }
        items.push(Tagged(item: .end, generation: generation), cost: 1, overCapacity: true)
    }

    /// Starts or stops keeping items (the subtitle thread, as a feed opens and closes);
    /// stopping discards what is held.
    func listen(_ listening: Bool) {
        state.withLock { $0.isListening = listening }
        if !listening { _ = items.flush() }
    }
}
