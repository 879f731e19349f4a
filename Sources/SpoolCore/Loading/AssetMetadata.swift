public import Foundation

/// The descriptive tags of an asset: what a now-playing display shows.
///
/// Every field is `nil` when the asset does not carry it. Artwork is the encoded image
/// exactly as stored in the file (a JPEG or PNG, typically); nothing is re-encoded.
public struct AssetMetadata: Codable, Sendable, Equatable {
    /// The title tag.
    public var title: String?
    /// The artist (performer) tag.
    public var artist: String?
    /// The album tag.
    public var album: String?
    /// The cover art's encoded bytes.
    public var artwork: Data?
    /// The cover art's MIME type (`"image/jpeg"`), when it is known.
    public var artworkMIMEType: String?
    /// The ReplayGain tags, when the file carries any.
    public var replayGain: ReplayGain?

    /// Metadata; every field defaults to absent.
    public init(
        title: String? = nil, artist: String? = nil, album: String? = nil, artwork: Data? = nil,
        artworkMIMEType: String? = nil, replayGain: ReplayGain? = nil
    ) {
        self.replayGain = replayGain
        self.title = title
        self.artist = artist
        self.album = album
        self.artwork = artwork
        self.artworkMIMEType = artworkMIMEType
    }

    /// Metadata with no field set.
    public static let empty = AssetMetadata()
}

extension AssetProperty where Value == AssetMetadata {
    /// The asset's title, artist, album and cover art.
    public static var metadata: AssetProperty<AssetMetadata> { .init("metadata") }
}
