public import Foundation

/// A multivariant playlist: the variant streams of one presentation, their renditions, and
/// session-wide metadata.
public struct MultivariantPlaylist: Sendable, Equatable {
    /// Where the playlist came from; relative URIs were resolved against it.
    public let url: URL
    /// EXT-X-VERSION.
    public let version: Int?
    /// The variant streams (EXT-X-STREAM-INF), in playlist order.
    public let variants: [Variant]
    /// The I-frame streams (EXT-X-I-FRAME-STREAM-INF), in playlist order.
    public let iFrameVariants: [Variant]
    /// The renditions (EXT-X-MEDIA), in playlist order.
    public let renditions: [Rendition]
    /// EXT-X-SESSION-DATA tags.
    public let sessionData: [SessionData]
    /// EXT-X-SESSION-KEY tags: keys to preload.
    public let sessionKeys: [EncryptionKey]
    /// EXT-X-INDEPENDENT-SEGMENTS: applies to every media playlist.
    public let hasIndependentSegments: Bool
    /// EXT-X-START: applies to every media playlist that has none of its own.
    public let start: StartPoint?
    /// EXT-X-CONTENT-STEERING.
    public let contentSteering: ContentSteering?
    /// The variables EXT-X-DEFINE defined, by name: what the media playlists may IMPORT (pass
    /// them as `importedDefinitions` when parsing one).
    public let definitions: [String: String]

    /// The renditions of `type` in the group `groupID`, in playlist order.
    public func renditions(ofType type: Rendition.MediaType, inGroup groupID: String) -> [Rendition] {
        renditions.filter { $0.type == type && $0.groupID == groupID }
    }
}
