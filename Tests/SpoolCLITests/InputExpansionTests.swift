import Foundation
import Testing

@testable import spool

/// What `spool play`'s inputs become on a real file system: directories in natural order,
/// playlists' entries, local HLS left alone, and a reason for every input that gives nothing.
@Suite("spool play: input expansion")
struct InputExpansionTests {
    /// A fresh directory under the temporary directory, removed by the test.
    static func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("spool-inputs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    @Test("a directory: its media files and subdirectories in natural order; hidden and other files left out")
    func directory() throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        for name in ["10.mp4", "2.MKV", "1.flac", "cover.jpg", ".hidden.mp4", "notes.txt", "3 disc/1.mp3", "list.m3u"] {
            try Self.write("x", to: root.appendingPathComponent(name))
        }
        let expansion = InputExpansion.expand([.argument(root.path)])
        #expect(expansion.problems.isEmpty)
        #expect(
            expansion.entries.map(\.location)
                == ["1.flac", "2.MKV", "3 disc/1.mp3", "10.mp4"].map { root.appendingPathComponent($0).path })
    }

    @Test("an M3U's entries resolve against its directory; nested playlists and directories expand too")
    func m3u() throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.write("x", to: root.appendingPathComponent("clips/a.mp4"))
        try Self.write("x", to: root.appendingPathComponent("clips/b.webm"))
        try Self.write("[playlist]\nFile1=clips/b.webm\nTitle1=Bee\n", to: root.appendingPathComponent("inner.pls"))
        try Self.write(
            "#EXTM3U\n#EXTINF:2,Ay\nclips/a.mp4\ninner.pls\nclips\nhttps://example.com/x.mp4\n",
            to: root.appendingPathComponent("list.m3u"))
        let expansion = InputExpansion.expand([.argument(root.appendingPathComponent("list.m3u").path)])
        #expect(expansion.problems.isEmpty)
        let clips = root.appendingPathComponent("clips")
        #expect(
            expansion.entries == [
                PlaylistEntry(location: clips.appendingPathComponent("a.mp4").path, title: "Ay"),
                PlaylistEntry(location: clips.appendingPathComponent("b.webm").path, title: "Bee"),
                PlaylistEntry(location: clips.appendingPathComponent("a.mp4").path),
                PlaylistEntry(location: clips.appendingPathComponent("b.webm").path),
                PlaylistEntry(location: "https://example.com/x.mp4"),
            ])
    }

    @Test("a local HLS playlist is one input, played as a stream")
    func localHLS() throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let hls = root.appendingPathComponent("index.m3u8")
        try Self.write("#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2,\nseg0.ts\n#EXT-X-ENDLIST\n", to: hls)
        #expect(InputExpansion.expand([.argument(hls.path)]).entries == [PlaylistEntry(location: hls.path)])
        #expect(InputExpansion.expand([.playlist(hls.path)]).entries == [PlaylistEntry(location: hls.path)])
    }

    @Test("--playlist reads any file name as a playlist; other files and URLs pass through")
    func forcedPlaylist() throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let list = root.appendingPathComponent("queue.txt")
        try Self.write("one.mp4\ntwo.mp4\n", to: list)
        let expansion = InputExpansion.expand([
            .argument("https://x/a.mp4"), .playlist(list.path), .argument(list.path),
        ])
        #expect(
            expansion.entries.map(\.location) == [
                "https://x/a.mp4", root.appendingPathComponent("one.mp4").path,
                root.appendingPathComponent("two.mp4").path, list.path,
            ])
    }

    @Test("inputs that give nothing say why, each by name; a playlist loop ends")
    func problems() throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let empty = root.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        try Self.write("#EXTM3U\n# nothing\n", to: root.appendingPathComponent("none.m3u"))
        try Self.write("loop.m3u\n", to: root.appendingPathComponent("loop.m3u"))
        let missing = root.appendingPathComponent("missing.m3u").path
        let expansion = InputExpansion.expand([
            .argument(empty.path), .argument(root.appendingPathComponent("none.m3u").path),
            .argument(root.appendingPathComponent("loop.m3u").path), .playlist(missing),
        ])
        #expect(expansion.entries.isEmpty)
        #expect(
            expansion.problems.map(\.description) == [
                "\(empty.path): the directory holds no media files",
                "\(root.path)/none.m3u: the playlist is empty",
                "\(root.path)/loop.m3u: playlists nested too deeply (a playlist loop?)",
                "\(missing): cannot read the playlist (No such file or directory)",
            ])
    }
}
