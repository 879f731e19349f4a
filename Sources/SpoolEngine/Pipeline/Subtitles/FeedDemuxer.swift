import Foundation
import SpoolCore
import SpoolMedia

/// A cue feed's own demuxer of the item's file, reading only `streams`, whose blocked reads
/// the item's stop cancels (through `cancels`) until the feed lets go with `unregister`.
struct FeedDemuxer {
    /// The opened demuxer.
    let demuxer: Demuxer
    /// Takes the demuxer out of the item's cancel group (the feed's `deinit`, or a failed init).
    let unregister: @Sendable () -> Void

    /// Opens `url` for `streams`. Blocks; throws what opening throws, registered nowhere then.
    init(url: URL, streams: Demuxer.Streams, cancels: CancelGroup) throws {
        let canceller = Demuxer.Canceller()
        let key = cancels.add { canceller.cancel() }
        do {
            let source = try ByteSources.makeForPlayback(for: url)
            demuxer = try Demuxer(source: source, canceller: canceller, streams: streams)
        } catch {
            cancels.remove(key)
            throw error
        }
        unregister = { cancels.remove(key) }
    }
}
