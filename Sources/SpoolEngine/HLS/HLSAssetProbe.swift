import Foundation
import SpoolCore
import SpoolHLS
import SpoolMedia

/// Loads an HLS presentation for `URLAsset`: the multivariant playlist and the media playlist
/// of the variant to start with — nothing else — and describes it as a `ProbeResult`.
final class HLSAssetProbe: Sendable {
    private let load: ThreadedLoad<(ProbeResult, HLSPresentation)>

    /// Starts loading `url` on a thread of its own.
    init(url: URL, fetcher: any ResourceFetching) {
        load = ThreadedLoad(
            name: "spool.hls-probe",
            work: {
                let pause: (Duration) -> Bool = { duration in
                    Thread.sleep(forTimeInterval: duration.timeInterval)
                    return true
                }
                do throws(HLSError) {
                    let presentation = try PlaylistLoader(fetcher: fetcher).loadPresentation(
                        url, order: { StartVariantOrder.order($0) }, pause: pause)
                    return .success((Self.describe(presentation), presentation))
                } catch {
                    return .failure(error.assetLoadError)
                }
            },
            onCancel: { fetcher.cancel() })
    }

    /// The description, waiting for the load.
    func result() async throws(AssetLoadError) -> ProbeResult {
        try await load.result().0
    }

    /// The presentation once loaded.
    var presentation: HLSPresentation? { load.finishedValue?.1 }

    /// Stops loading; waiters get `.cancelled`.
    func cancel() { load.cancel() }

    static func describe(_ presentation: HLSPresentation) -> ProbeResult {
        var tracks = presentation.initialVariant?.describedTracks ?? []
        if tracks.isEmpty {
            // A bare media playlist (or no CODECS): what it holds is known once the first
            // segment is demuxed; say audio and video may be there.
            tracks = [AssetTrack(kind: .video, codec: "unknown"), AssetTrack(kind: .audio, codec: "unknown")]
        }
        for rendition in presentation.multivariant?.renditions ?? [] where rendition.type == .audio {
            if rendition.uri != nil {
                tracks.append(AssetTrack(kind: .audio, codec: "unknown", language: rendition.language))
            }
        }
        return ProbeResult(
            duration: presentation.duration, formatName: "hls", bitRate: presentation.initialVariant?.bandwidth,
            tracks: tracks, metadata: .empty, isSeekable: !presentation.isLive)
    }
}
