import Foundation

/// One entry of a local playlist: what to play, as `spool play` takes an input, and the title
/// the playlist gave it.
struct PlaylistEntry: Equatable {
    /// A URL with a scheme, or a file path (relative entries are resolved against the
    /// playlist's directory, so the result does not depend on the current directory).
    var location: String
    /// `#EXTINF`'s or `TitleN=`'s title, when the playlist has one.
    var title: String?

    /// An entry for `text` as written in a playlist in `directory`.
    init(resolving text: String, against directory: URL, title: String? = nil) {
        location = Self.resolve(text, against: directory)
        self.title = title
    }

    /// An entry whose location is already resolved.
    init(location: String, title: String? = nil) {
        self.location = location
        self.title = title
    }

    /// URLs (`https://…`, `file:///…`) as they are; absolute paths as they are; relative paths
    /// appended to `directory`.
    static func resolve(_ text: String, against directory: URL) -> String {
        if isURL(text) || text.hasPrefix("/") { return text }
        return directory.appendingPathComponent(text).standardizedFileURL.path
    }

    /// Whether `text` has a URL scheme (`scheme://`), the rule `ProbeCommand.location` uses.
    static func isURL(_ text: String) -> Bool {
        guard let range = text.range(of: "://"), range.lowerBound > text.startIndex else { return false }
        let scheme = text[..<range.lowerBound]
        return scheme.first?.isLetter == true
            && scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }
}
