public import Foundation

/// Which URI schemes a playlist may point at, decided by where the playlist came from.
///
/// A playlist fetched over the network is untrusted: its segments, keys, maps, variants and
/// renditions may only be `http` or `https`, so a remote playlist can never make the player read
/// a local file (`file:`) or anything else (`data:`, `ftp:`). A playlist read from a local file
/// may also reference local files.
public struct URIPolicy: Sendable, Equatable {
    /// The schemes allowed, lowercase.
    public let allowedSchemes: Set<String>

    /// The policy for a playlist fetched from `playlistURL`: `http` and `https`, plus `file`
    /// when the playlist itself is a local file.
    public init(playlistURL: URL) {
        allowedSchemes = playlistURL.isFileURL ? ["http", "https", "file"] : ["http", "https"]
    }

    /// Whether `url` (absolute) may be used.
    public func allows(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased() else { return false }
        return allowedSchemes.contains(scheme)
    }
}
