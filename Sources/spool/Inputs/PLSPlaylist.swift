import Foundation

/// A PLS playlist (`[playlist]`, `File1=…`, `Title1=…`, `NumberOfEntries=…`): entries in the
/// order of their numbers, whatever order the lines come in.
enum PLSPlaylist {
    /// Whether `text` starts (after blank lines) with the `[playlist]` section header.
    static func looksLikePLS(_ text: String) -> Bool {
        M3UPlaylist.lines(of: text).first?.lowercased() == "[playlist]"
    }

    /// The entries of `text`, a playlist stored in `directory`; keys are case-insensitive and
    /// lines that are not `KeyN=value` are ignored.
    static func parse(_ text: String, directory: URL) -> [PlaylistEntry] {
        var files: [Int: String] = [:]
        var titles: [Int: String] = [:]
        for line in M3UPlaylist.lines(of: text) {
            guard let equals = line.firstIndex(of: "=") else { continue }
            let key = line[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            for (prefix, isFile) in [("file", true), ("title", false)] where key.hasPrefix(prefix) {
                guard let number = Int(key.dropFirst(prefix.count)), !value.isEmpty else { continue }
                if isFile { files[number] = value } else { titles[number] = value }
            }
        }
        return files.sorted { $0.key < $1.key }.map { number, file in
            PlaylistEntry(resolving: file, against: directory, title: titles[number])
        }
    }
}
