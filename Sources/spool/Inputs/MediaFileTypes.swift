/// The file name extensions that make a file in a directory an input, and those that make a
/// local file a playlist. Directories are filtered by name, as file managers do: probing every
/// file would open each one, and covers, subtitles and notes would fail as items.
enum MediaFileTypes {
    /// Containers FFmpeg demuxes that hold video or audio (lowercase).
    static let media: Set<String> = [
        "3gp", "aac", "ac3", "aif", "aiff", "alac", "ape", "avi", "dts", "eac3", "f4v", "flac", "flv", "m2ts",
        "m4a", "m4b", "m4v", "mka", "mkv", "mov", "mp2", "mp3", "mp4", "mpeg", "mpg", "mts", "oga", "ogg", "ogv",
        "opus", "spx", "ts", "wav", "weba", "webm", "wma", "wmv", "wv",
    ]

    /// Local playlists: M3U (and HLS, told apart by content) and PLS.
    static let playlists: Set<String> = ["m3u", "m3u8", "pls"]

    /// Whether `name` ends in one of `extensions`, compared without case.
    static func has(_ name: String, oneOf extensions: Set<String>) -> Bool {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return false }
        return extensions.contains(name[name.index(after: dot)...].lowercased())
    }
}
