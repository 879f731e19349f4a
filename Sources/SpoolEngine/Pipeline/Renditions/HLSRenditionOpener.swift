import Foundation
import SpoolCore
import SpoolHLS
import SpoolMedia

/// Opens the segment stream of an alternate rendition (EXT-X-MEDIA with a URI): its media
/// playlist is loaded and streamed like a variant's (retries, live reload, AES-128), over a
/// fetcher of its own so closing it never disturbs the variant's downloads.
struct HLSRenditionOpener: Sendable {
    let configuration: HLSStreamConfiguration
    /// The item's key provider; `nil` fetches the key URIs.
    let keyProvider: (any ContentKeyProvider)?
    let importedDefinitions: [String: String]?
    let cancels: CancelGroup
    let itemName: String
    /// The clock the rendition's download thread waits on (the pipeline's).
    let engineClock: any EngineClock
    /// Makes the rendition's fetcher (the asset's `makeResourceFetcher`).
    let makeFetcher: @Sendable () -> StandardResourceFetcher

    /// A segment stream over the rendition's playlist at `url`, not started; registered with
    /// `cancels` (the key removes it). Blocks while the playlist loads.
    func openStream(
        _ url: URL, consumerBuffered: @escaping @Sendable () -> Duration
    ) throws(PacketSourceFailure) -> (stream: HLSSegmentStream, presentation: HLSPresentation, key: Int) {
        let fetcher = makeFetcher()
        let key = cancels.add { fetcher.cancel() }
        let playlist: MediaPlaylist
        do throws(HLSError) {
            playlist = try PlaylistLoader(
                fetcher: fetcher, limits: configuration.playlistLimits, retry: configuration.retry
            ).loadMedia(url, importedDefinitions: importedDefinitions, pause: { _ in !fetcher.isCancelled })
        } catch {
            cancels.remove(key)
            if error.isCancellation || cancels.isCancelled { throw .cancelled }
            throw .failed(PlaybackError(error.assetLoadError))
        }
        let presentation = HLSPresentation(
            url: url, multivariant: nil, initialVariantIndex: nil, initialPlaylist: playlist)
        var streamConfiguration = configuration
        streamConfiguration.pinnedVariant = nil
        let stream = HLSSegmentStream(
            presentation: presentation, configuration: streamConfiguration, fetcher: fetcher,
            decryptor: AES128SegmentDecryptor(), keyProvider: keyProvider, clock: engineClock,
            consumerBuffered: consumerBuffered)
        cancels.remove(key)
        return (stream, presentation, cancels.add { stream.cancel() })
    }

    /// The audio packets of the rendition at `url`, from `playlistTime` on (`nil`: the start).
    func openAudio(_ url: URL, at playlistTime: MediaTime?, playhead: @escaping @Sendable () -> MediaTime)
        throws(PacketSourceFailure) -> RenditionAudio
    {
        let ahead = DemuxedAhead(playhead: playhead)
        let (stream, presentation, key) = try openStream(url, consumerBuffered: { ahead.duration })
        let canceller = Demuxer.Canceller()
        let cancelKey = cancels.add { canceller.cancel() }
        do throws(PacketSourceFailure) {
            let source = try HLSPacketSource(
                presentation: presentation, stream: stream, canceller: canceller, itemName: itemName,
                ahead: ahead, startingAt: playlistTime)
            return RenditionAudio(
                source: source,
                close: { [cancels] in
                    stream.cancel()
                    canceller.cancel()
                    cancels.remove(key)
                    cancels.remove(cancelKey)
                })
        } catch {
            stream.cancel()
            cancels.remove(key)
            cancels.remove(cancelKey)
            throw error
        }
    }
}

/// The packet source of an audio rendition and how to close it.
struct RenditionAudio {
    let source: HLSPacketSource
    let close: @Sendable () -> Void
}
