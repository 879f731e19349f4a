import Foundation
import SpoolCore
import SpoolHLS
import SpoolMedia

extension PipelinePlayback {
    /// Opens the packet source for the item: on the demux thread, never the main actor.
    /// Reports a failure and returns `nil` when it cannot be opened (nothing is reported when
    /// the item was stopped meanwhile). Starts from `container` when the probe left one open.
    func openPacketSource(tracks: [AssetTrack], container: OpenedContainer?) -> (any PacketSource)? {
        if asset.isHLS { return openHLSSource() }
        // A sidecar file replaces the file's own subtitles.
        trackChoices.resolve(tracks: externalSubtitleURL == nil ? tracks : tracks.filter { $0.kind != .subtitle })
        let demuxer: Demuxer
        let streams = Demuxer.Streams.playback(audioIndex: trackChoices.audio.option?.trackID)
        do {
            if let container {
                demuxer = try Demuxer(container: container, canceller: canceller, streams: streams)
            } else {
                demuxer = try Demuxer(
                    source: try asset.makeByteSource(asset.url), canceller: canceller, streams: streams)
            }
        } catch let error as ByteSourceError {
            if error != .cancelled { fail(PlaybackError(AssetLoadError(error))) }
            return nil
        } catch {
            if !canceller.isCancelled { fail(PlaybackError(.parsingMalformed, "\(itemName): cannot open: \(error)")) }
            return nil
        }
        return DemuxerPacketSource(demuxer: demuxer, itemName: itemName)
    }

    private func openHLSSource() -> (any PacketSource)? {
        let fetcher = asset.makeResourceFetcher()
        running.withLock { $0.cancelSource = { fetcher.cancel() } }
        if canceller.isCancelled { return nil }
        let presentation: HLSPresentation
        if let loaded = asset.hlsPresentation {
            presentation = loaded
        } else {
            do throws(HLSError) {
                presentation = try PlaylistLoader(fetcher: fetcher).loadPresentation(
                    asset.url,
                    order: { [hlsConfiguration] in
                        StartVariantOrder.order($0, pinned: hlsConfiguration.pinnedVariant)
                    }, pause: { _ in !fetcher.isCancelled })
            } catch {
                if !error.isCancellation { fail(PlaybackError(error.assetLoadError)) }
                return nil
            }
        }
        let clock = clock
        let ahead = DemuxedAhead(playhead: { clock.mediaTimeNow })
        let stream = HLSSegmentStream(
            presentation: presentation, configuration: hlsConfiguration, fetcher: fetcher,
            decryptor: AES128SegmentDecryptor(), keyProvider: contentKeyProvider, clock: clock.host,
            consumerBuffered: { ahead.duration })
        // A pin set while the playlists loaded applies from the first segment.
        let pinned = running.withLock { running in
            running.cancelSource = { stream.cancel() }
            running.hlsStatistics = { stream.statistics }
            running.pinVariant = { stream.pinVariant($0) }
            return running.pinnedVariant
        }
        if let pinned { stream.pinVariant(pinned) }
        if canceller.isCancelled {
            stream.cancel()
            return nil
        }
        do throws(PacketSourceFailure) {
            let main = try HLSPacketSource(
                presentation: presentation, stream: stream, canceller: canceller, itemName: itemName, ahead: ahead)
            return try withRenditions(main, presentation: presentation)
        } catch {
            stream.cancel()
            cancels.cancelAll()
            if case .failed(let failure) = error { fail(failure) }
            return nil
        }
    }
}
