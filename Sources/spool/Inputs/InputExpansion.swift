import Foundation
import Spool

/// What `spool play` makes of its inputs: local M3U/PLS playlists and directories become the
/// entries they list, in order; URLs, HLS playlists and media files stay single entries.
/// An input that yields nothing is a `Problem` naming it and why, so the user learns which one.
struct InputExpansion: Equatable {
    /// An input that gave nothing to play.
    struct Problem: Equatable, CustomStringConvertible {
        /// The input as the user (or a playlist) wrote it.
        let input: String
        /// Why nothing came of it.
        let reason: String

        var description: String { "\(input): \(reason)" }
    }

    /// What to play, in order.
    var entries: [PlaylistEntry] = []
    /// The inputs that gave nothing, in order.
    var problems: [Problem] = []

    /// Playlists listing playlists or directories are followed this deep; deeper is a loop.
    static let maximumDepth = 8
    /// A playlist larger than this is not a playlist anyone wrote (and reading it whole would
    /// cost memory for nothing).
    static let maximumPlaylistBytes = 16 << 20

    /// Expands `sources` in order.
    static func expand(_ sources: [InputSource]) -> InputExpansion {
        var expansion = InputExpansion()
        for source in sources {
            switch source {
            case .argument(let text): expansion.add(text, title: nil, depth: 0)
            case .playlist(let path): expansion.addPlaylist(path, depth: 0)
            }
        }
        return expansion
    }

    private mutating func add(_ text: String, title: String?, depth: Int) {
        var isDirectory: ObjCBool = false
        guard !PlaylistEntry.isURL(text), text != "-",
            FileManager.default.fileExists(atPath: text, isDirectory: &isDirectory)
        else {
            // URLs, and paths that do not exist: the player opens them and reports its own error.
            entries.append(PlaylistEntry(location: text, title: title))
            return
        }
        if isDirectory.boolValue {
            addDirectory(text, depth: depth)
        } else if MediaFileTypes.has(text, oneOf: MediaFileTypes.playlists) {
            addPlaylist(text, title: title, depth: depth)
        } else {
            entries.append(PlaylistEntry(location: text, title: title))
        }
    }

    private mutating func addDirectory(_ path: String, depth: Int) {
        guard depth < Self.maximumDepth else {
            return problems.append(Problem(input: path, reason: "directories nested too deeply (a link loop?)"))
        }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: path)
        } catch {
            return problems.append(Problem(input: path, reason: "cannot read the directory (\(Self.reason(error)))"))
        }
        let before = entries.count
        let directory = URL(fileURLWithPath: path, isDirectory: true)
        for name in names.sorted(by: NaturalOrder.areInIncreasingOrder) where !name.hasPrefix(".") {
            let child = directory.appendingPathComponent(name).path
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: child, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue {
                addDirectory(child, depth: depth + 1)
            } else if MediaFileTypes.has(name, oneOf: MediaFileTypes.media) {
                entries.append(PlaylistEntry(location: child))
            }
        }
        if entries.count == before, depth == 0 {
            problems.append(Problem(input: path, reason: "the directory holds no media files"))
        }
    }

    private mutating func addPlaylist(_ path: String, title: String? = nil, depth: Int) {
        guard depth < Self.maximumDepth else {
            return problems.append(Problem(input: path, reason: "playlists nested too deeply (a playlist loop?)"))
        }
        let text: String
        do {
            // `--playlist -`: the playlist comes on standard input.
            text = try Self.read(path == "-" ? ByteSources.standardInputURL.path : path)
        } catch {
            return problems.append(Problem(input: path, reason: "cannot read the playlist (\(Self.reason(error)))"))
        }
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
        let listed: [PlaylistEntry]
        if PLSPlaylist.looksLikePLS(text) || path.lowercased().hasSuffix(".pls") {
            listed = PLSPlaylist.parse(text, directory: directory)
        } else if M3UPlaylist.isHLS(text) {
            // A local HLS playlist is a stream: the player reads it, segments and all.
            return entries.append(PlaylistEntry(location: path, title: title))
        } else {
            listed = M3UPlaylist.parse(text, directory: directory)
        }
        guard !listed.isEmpty else { return problems.append(Problem(input: path, reason: "the playlist is empty")) }
        for entry in listed { add(entry.location, title: entry.title, depth: depth + 1) }
    }

    /// The file as UTF-8 (M3U8, and most M3U today), else as Latin-1 (M3U from older tools).
    private static func read(_ path: String) throws -> String {
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        let data = try handle.read(upToCount: maximumPlaylistBytes + 1) ?? Data()
        guard data.count <= maximumPlaylistBytes else {
            throw PlaylistTooLarge(limit: maximumPlaylistBytes)
        }
        // Every byte sequence is Latin-1, so the second decoding cannot fail.
        return String(data: data, encoding: .utf8) ?? String(data: data, encoding: .isoLatin1) ?? ""
    }

    /// The OS's reason without Foundation's wrapping ("The file … couldn't be opened").
    private static func reason(_ error: any Error) -> String {
        if let posix = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError, posix.domain == NSPOSIXErrorDomain
        {
            return String(cString: strerror(Int32(posix.code)))
        }
        if let tooLarge = error as? PlaylistTooLarge { return tooLarge.description }
        return error.localizedDescription
    }
}

/// A "playlist" over `InputExpansion.maximumPlaylistBytes`.
private struct PlaylistTooLarge: Error, CustomStringConvertible {
    let limit: Int
    var description: String { "larger than \(limit >> 20) MiB" }
}
