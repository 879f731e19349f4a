import Foundation
import SpoolCore
import SpoolMedia

extension PipelinePlayback {
    /// Opens the packet source for the item: on the demux thread, never the main actor.
    /// Reports a failure and returns `nil` when it cannot be opened (nothing is reported when
    /// the item was stopped meanwhile).
    func openPacketSource() -> (any PacketSource)? {
        let source: any ByteSource
        let demuxer: Demuxer
        do {
            source = try ByteSources.make(for: asset.url)
            demuxer = try Demuxer(source: source, canceller: canceller)
        } catch let error as ByteSourceError {
            if error != .cancelled { fail(PlaybackError(AssetLoadError(error))) }
            return nil
        } catch {
            if !canceller.isCancelled { fail(PlaybackError(.parsingMalformed, "\(itemName): cannot open: \(error)")) }
            return nil
        }
        return DemuxerPacketSource(demuxer: demuxer, source: source, itemName: itemName)
    }
}
