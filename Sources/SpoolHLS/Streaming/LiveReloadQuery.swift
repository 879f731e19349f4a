import Foundation

/// The delivery directives a live playlist request carries (RFC 8216bis 6.2.5): which part
/// to hold the request for (`_HLS_msn`, `_HLS_part`), and whether a delta update will do
/// (`_HLS_skip`). Built from what the client knows; only the server's advertised abilities
/// are asked for, since a server that does not support a directive may reject it.
struct LiveReloadQuery: Equatable {
    /// Hold the request until this part exists (blocking playlist reload).
    var blockUntil: PartCursor?
    /// A delta update is enough.
    var skip: DeltaUpdateRequest?

    /// No directive: a plain reload.
    static let plain = LiveReloadQuery()

    /// The directives for reloading `known`, last loaded `age` ago, while `unlisted` (the
    /// next part to play, when the playlist does not list it yet) is awaited.
    static func reload(of known: MediaPlaylist, age: Duration, unlisted: PartCursor?) -> LiveReloadQuery {
        LiveReloadQuery(
            blockUntil: known.serverControl?.canBlockReload == true ? unlisted : nil,
            skip: known.deltaUpdateRequest(age: age))
    }

    /// The directives for a first load of a rendition the client switches to, from the report
    /// on it (EXT-X-RENDITION-REPORT) in the playlist it leaves: asking for the reported last
    /// part makes the answer at least that fresh, at once (RFC 8216bis 4.4.5.4), where a plain
    /// request could be answered from a stale cache. `nil` without a usable report.
    static func switching(to url: URL, from playlist: MediaPlaylist?) -> LiveReloadQuery? {
        guard let playlist, playlist.isLive, playlist.serverControl?.canBlockReload == true,
            let report = playlist.renditionReports.first(where: { $0.uri.absoluteString == url.absoluteString }),
            let sequence = report.lastMediaSequence
        else { return nil }
        // LAST-PART absent: the report's segment is complete; ask for it whole.
        let part = report.lastPart ?? -1
        return LiveReloadQuery(blockUntil: PartCursor(mediaSequence: sequence, part: part), skip: nil)
    }

    /// `url` with the directives added to its query, in the order RFC 8216bis 6.2.5 lists
    /// them (`_HLS_msn`, `_HLS_part`, `_HLS_skip`). A part index below zero asks for the
    /// whole segment (`_HLS_msn` alone).
    func apply(to url: URL) -> URL {
        guard self != .plain, var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            return url
        }
        var items = components.queryItems ?? []
        if let blockUntil {
            items.append(URLQueryItem(name: "_HLS_msn", value: String(blockUntil.mediaSequence)))
            if blockUntil.part >= 0 { items.append(URLQueryItem(name: "_HLS_part", value: String(blockUntil.part))) }
        }
        if let skip { items.append(URLQueryItem(name: "_HLS_skip", value: skip.rawValue)) }
        components.queryItems = items
        return components.url ?? url
    }
}
