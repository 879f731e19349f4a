public import Foundation
public import SpoolCore

/// An HLS presentation as loaded before playback: the multivariant playlist (when there is
/// one) and the media playlist of the variant chosen to start with.
///
/// Loading fetches exactly two playlists (one for a bare media playlist), so that start-up
/// costs no more requests than needed.
public struct HLSPresentation: Sendable {
    /// The URL the presentation was opened with.
    public let url: URL
    /// The multivariant playlist; `nil` when `url` is a media playlist.
    public let multivariant: MultivariantPlaylist?
    /// The index in `multivariant.variants` of the variant `initialPlaylist` belongs to.
    public let initialVariantIndex: Int?
    /// The media playlist playback starts with.
    public let initialPlaylist: MediaPlaylist

    /// A presentation.
    public init(
        url: URL, multivariant: MultivariantPlaylist?, initialVariantIndex: Int?, initialPlaylist: MediaPlaylist
    ) {
        self.url = url
        self.multivariant = multivariant
        self.initialVariantIndex = initialVariantIndex
        self.initialPlaylist = initialPlaylist
    }

    /// Whether the presentation is live: its playlist may still grow.
    public var isLive: Bool { initialPlaylist.isLive }

    /// The total duration, or `indefinite` for a live presentation (as `load(.duration)`
    /// reports it, so `isLive` is known from the duration).
    public var duration: MediaTime { isLive ? .indefinite : initialPlaylist.duration }

    /// The variants playback may switch between (I-frame streams excluded).
    public var variants: [Variant] { multivariant?.variants ?? [] }

    /// The variant playback starts with, when there is a multivariant playlist.
    public var initialVariant: Variant? {
        initialVariantIndex.map { variants[$0] }
    }
}
