package import Foundation
import SpoolCore
import SpoolHLS

/// What the pipeline takes from an item when it is made: the facade's `PlayerItem` (a
/// main-actor object) read once into a value, so the engine never reaches back into the
/// player's objects.
package struct PipelineItemRequest: Sendable {
    package var asset: URLAsset
    package var mediaSelection: MediaSelectionRequest
    package var externalSubtitleURL: URL?
    package var contentKeyProvider: (any ContentKeyProvider)?
    package var forwardPlaybackEndTime: MediaTime
    package var interstitialCut: InterstitialCut?
    package var playoutLimit: MediaTime?
    package var preferredForwardBufferDuration: TimeInterval
    package var preferredPeakBitRate: Double
    package var preferredMaximumResolution: PixelSize?
    package var limitsResolutionToViewport: Bool
    package var preferredVariantIndex: Int?
    /// Whether media that stops before its container says (a truncated file) fails the item
    /// instead of ending it with a warning.
    package var failsOnEarlyEnd: Bool

    /// A request for `asset` with every preference at its default.
    package init(
        asset: URLAsset, mediaSelection: MediaSelectionRequest, externalSubtitleURL: URL? = nil,
        contentKeyProvider: (any ContentKeyProvider)? = nil, forwardPlaybackEndTime: MediaTime = .invalid,
        interstitialCut: InterstitialCut? = nil, playoutLimit: MediaTime? = nil,
        preferredForwardBufferDuration: TimeInterval = 0, preferredPeakBitRate: Double = 0,
        preferredMaximumResolution: PixelSize? = nil, limitsResolutionToViewport: Bool = true,
        preferredVariantIndex: Int? = nil, failsOnEarlyEnd: Bool = false
    ) {
        self.failsOnEarlyEnd = failsOnEarlyEnd
        self.asset = asset
        self.mediaSelection = mediaSelection
        self.externalSubtitleURL = externalSubtitleURL
        self.contentKeyProvider = contentKeyProvider
        self.forwardPlaybackEndTime = forwardPlaybackEndTime
        self.interstitialCut = interstitialCut
        self.playoutLimit = playoutLimit
        self.preferredForwardBufferDuration = preferredForwardBufferDuration
        self.preferredPeakBitRate = preferredPeakBitRate
        self.preferredMaximumResolution = preferredMaximumResolution
        self.limitsResolutionToViewport = limitsResolutionToViewport
        self.preferredVariantIndex = preferredVariantIndex
    }
}
