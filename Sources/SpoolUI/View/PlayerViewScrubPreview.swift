import Foundation
import Spool

/// The picture shown above the timeline while the pointer hovers over it or drags it: a frame
/// near that time from a `ScrubPreviewProvider` (a second, low-priority decoder; the HLS
/// I-frame playlist when the stream has one), so previews never slow the playing stream.
///
/// One request at a time: a newer hover time supersedes the one in flight (the provider
/// cancels it); the last picture stays until the next arrives.
@MainActor
final class PlayerViewScrubPreview {
    /// The preview's largest size at the design scale (1 at 720 pixels high).
    static let designSize = (width: 192, height: 108)
    /// Hover times closer than this to the shown preview's reuse it.
    static let resolution = 0.5

    /// Called when a new picture arrived.
    var changeHandler: (@MainActor () -> Void)?
    /// The newest picture and the time it was asked for.
    private(set) var image: (time: Double, image: OverlayImage)?

    private var provider: ScrubPreviewProvider?
    private var assetURL: URL?
    private var requestedTime: Double?
    private var request: Task<Void, Never>?

    /// Asks for a preview near `time` of `item` (when it has video), at most `size`.
    func want(_ time: Double, of item: PlayerItem, size: PixelSize) {
        guard item.tracks.contains(where: { $0.kind == .video }) else { return }
        if assetURL != item.asset.url {
            provider?.cancel()
            provider = ScrubPreviewProvider(asset: item.asset)
            assetURL = item.asset.url
            image = nil
            requestedTime = nil
        }
        if let requestedTime, abs(requestedTime - time) < Self.resolution { return }
        requestedTime = time
        guard let provider else { return }
        request?.cancel()
        request = Task { [weak self] in
            guard let preview = await provider.preview(near: time, maximumSize: size) else { return }
            guard let self,
                let picture = OverlayImage(width: preview.width, height: preview.height, pixels: preview.rgba)
            else { return }
            self.image = (time, picture)
            self.changeHandler?()
        }
    }

    /// Stops asking (the pointer left the timeline); the next hover starts afresh.
    func idle() {
        requestedTime = nil
    }

    /// Cancels everything.
    func stop() {
        request?.cancel()
        provider?.cancel()
    }
}
