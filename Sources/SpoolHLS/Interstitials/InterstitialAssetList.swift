public import Foundation
public import SpoolCore

/// The JSON an X-ASSET-LIST URI answers with: `{"ASSETS": [{"URI": "…", "DURATION": 10.0}, …]}`,
/// the assets of one interstitial, played in order.
public struct InterstitialAssetList: Sendable, Equatable {
    /// One asset: its playlist (or media file) and its duration when the list states it.
    public struct Asset: Sendable, Equatable {
        /// URI, absolute.
        public let uri: URL
        /// DURATION.
        public let duration: MediaTime?
    }

    /// The assets, in order.
    public let assets: [Asset]

    /// Why a list cannot be used.
    public struct ParseError: Error, Sendable, Equatable, CustomStringConvertible {
        /// What is wrong.
        public let description: String
    }

    /// The most bytes a list may have, and the most assets.
    public static let maxBytes = 1 << 20
    /// The most assets one list may name.
    public static let maxAssets = 100

    /// Parses `data` fetched from `url`. URIs resolve against `url`; a list that is not a local
    /// file may only name `http`/`https` assets (the playlists' `URIPolicy`).
    public static func parse(_ data: Data, url: URL) throws(ParseError) -> InterstitialAssetList {
        guard data.count <= maxBytes else { throw ParseError(description: "asset list larger than \(maxBytes) bytes") }
        let object = try? JSONSerialization.jsonObject(with: data)
        guard let root = object as? [String: Any], let entries = root["ASSETS"] as? [Any] else {
            throw ParseError(description: "asset list is not a JSON object with an ASSETS array")
        }
        guard entries.count <= maxAssets else { throw ParseError(description: "more than \(maxAssets) assets") }
        var assets: [Asset] = []
        for (index, entry) in entries.enumerated() {
            guard let fields = entry as? [String: Any], let text = fields["URI"] as? String,
                let uri = URL(string: text, relativeTo: url)?.absoluteURL
            else { throw ParseError(description: "asset \(index + 1) has no valid URI") }
            let scheme = uri.scheme?.lowercased() ?? ""
            let allowed = url.isFileURL ? ["http", "https", "file"] : ["http", "https"]
            guard allowed.contains(scheme) else {
                throw ParseError(description: "asset \(index + 1): scheme '\(scheme)' is not allowed here")
            }
            let seconds = (fields["DURATION"] as? NSNumber)?.doubleValue
            let duration = seconds.flatMap {
                $0.isFinite && $0 >= 0 ? MediaTime(seconds: $0, preferredTimescale: 1000) : nil
            }
            assets.append(Asset(uri: uri, duration: duration))
        }
        return InterstitialAssetList(assets: assets)
    }
}
