import Foundation

/// A local (extended) M3U or M3U8 playlist: one file path or URL a line, `#EXTINF` naming the
/// entry after it, other `#` lines ignored. HLS playlists share the syntax and the `.m3u8`
/// extension; `isHLS` tells them apart so they are played as streams, never expanded.
enum M3UPlaylist {
    /// Whether `text` is an HLS playlist rather than a list of files: HLS playlists carry
    /// `#EXT-X-` tags (EXT-X-TARGETDURATION in media playlists, EXT-X-STREAM-INF in
    /// multivariant ones, EXT-X-VERSION in both), which plain M3U never uses.
    static func isHLS(_ text: String) -> Bool {
        lines(of: text).contains { $0.hasPrefix("#EXT-X-") }
    }

    /// The entries of `text`, a playlist stored in `directory`, in order.
    static func parse(_ text: String, directory: URL) -> [PlaylistEntry] {
        var entries: [PlaylistEntry] = []
        var pendingTitle: String?
        for line in lines(of: text) {
            if line.hasPrefix("#EXTINF:") {
                pendingTitle = title(ofEXTINF: line)
            } else if line.hasPrefix("#") {
                continue  // #EXTM3U, #EXTGRP, #PLAYLIST and plain comments
            } else {
                entries.append(PlaylistEntry(resolving: String(line), against: directory, title: pendingTitle))
                pendingTitle = nil
            }
        }
        return entries
    }

    /// Trimmed non-empty lines, whatever the line endings, without a byte-order mark.
    static func lines(of text: String) -> [Substring] {
        let body = text.hasPrefix("\u{FEFF}") ? text.dropFirst() : Substring(text)
        return body.split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces)[...] }
            .filter { !$0.isEmpty }
    }

    /// `#EXTINF:123 tvg-name="a, b",Artist - Title` → "Artist - Title": the text after the
    /// first comma outside quoted attribute values; nil when empty.
    static func title(ofEXTINF line: Substring) -> String? {
        var isQuoted = false
        for index in line.indices {
            switch line[index] {
            case "\"": isQuoted.toggle()
            case "," where !isQuoted:
                let title = line[line.index(after: index)...].trimmingCharacters(in: .whitespaces)
                return title.isEmpty ? nil : title
            default: break
            }
        }
        return nil
    }
}
