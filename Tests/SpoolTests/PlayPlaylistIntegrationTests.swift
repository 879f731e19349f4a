import Foundation
import SpoolTestSupport
import Testing

/// `spool play` on a local M3U, a PLS through `--playlist`, and a directory: the entries play
/// in order (the `--events` milestones name each resolved file), and inputs that give nothing
/// to play are named with the reason.
@Suite("spool play: playlists and directories (integration)", .timeLimit(.minutes(3)))
struct PlayPlaylistIntegrationTests {
    /// A fresh directory in this run's media directory holding copies of the two clips under
    /// `names` (a relative path each, made with its directories).
    static func clips(named names: (String, String)) async throws -> URL {
        let root = URL(fileURLWithPath: try PlayTool.scratchPath("inputs"), isDirectory: true)
        let sources = [try await TestMedia.url(for: .h264AACMP4), try await TestMedia.url(for: .vp9OpusWebM)]
        for (source, name) in zip(sources, [names.0, names.1]) {
            let target = root.appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: source, to: target)
        }
        return root
    }

    static func milestones(playing arguments: [String]) async throws -> (ToolOutput, [String]) {
        let events = try PlayTool.scratchPath("inputs.jsonl")
        let output = try await PlayTool.spool(
            ["play", "--untimed", "--vo=null", "--ao=null", "--events=\(events)"] + arguments)
        return (output, try PlayEvent.read(events).milestones)
    }

    static func once(_ path: String) -> [String] { ["item(\(path))", "ready(\(path))", "ended(\(path))"] }

    @Test("an extended M3U of two clips, relative to its directory, plays them in order")
    func m3u() async throws {
        let root = try await Self.clips(named: ("clips/first.mp4", "clips/second.webm"))
        let playlist = root.appendingPathComponent("lists/queue.m3u")
        try FileManager.default.createDirectory(
            at: playlist.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("#EXTM3U\n#EXTINF:2,First\n../clips/first.mp4\n#EXTINF:2,Second\n../clips/second.webm\n".utf8)
            .write(to: playlist)
        let (output, milestones) = try await Self.milestones(playing: [playlist.path])
        #expect(output.status == 0, "stderr: \(output.errorText)")
        #expect(output.errorText.isEmpty)
        #expect(milestones == Self.once("\(root.path)/clips/first.mp4") + Self.once("\(root.path)/clips/second.webm"))
    }

    @Test("a directory of two clips plays them in natural order (2 before 10)")
    func directory() async throws {
        // Byte order would put "10" first; natural order puts the webm (2) first.
        let root = try await Self.clips(named: ("10 first.mp4", "2 second.webm"))
        try Data("not media".utf8).write(to: root.appendingPathComponent("notes.txt"))
        let (output, milestones) = try await Self.milestones(playing: [root.path])
        #expect(output.status == 0, "stderr: \(output.errorText)")
        #expect(milestones == Self.once("\(root.path)/2 second.webm") + Self.once("\(root.path)/10 first.mp4"))
    }

    @Test("--playlist FILE reads a PLS whatever its name, between the other inputs")
    func playlistOption() async throws {
        let root = try await Self.clips(named: ("a.mp4", "b.webm"))
        let playlist = root.appendingPathComponent("radio.txt")
        try Data("[playlist]\nFile1=b.webm\nTitle1=Bee\nNumberOfEntries=1\n".utf8).write(to: playlist)
        let first = root.appendingPathComponent("a.mp4").path
        let (output, milestones) = try await Self.milestones(playing: ["--playlist", playlist.path, first])
        #expect(output.status == 0, "stderr: \(output.errorText)")
        #expect(milestones == Self.once("\(root.path)/b.webm") + Self.once(first))
    }

    @Test("nothing playable: each input's reason, then 'nothing to play', exit 1")
    func nothingPlayable() async throws {
        let root = URL(fileURLWithPath: try PlayTool.scratchPath("nothing"), isDirectory: true)
        let empty = root.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let list = root.appendingPathComponent("blank.m3u")
        try Data("#EXTM3U\n".utf8).write(to: list)
        let output = try await PlayTool.spool(["play", "--ao", "null", "--vo", "null", empty.path, list.path])
        #expect(output.status == 1)
        #expect(
            PlayTool.lines(output.errorText) == [
                "spool: \(empty.path): the directory holds no media files",
                "spool: \(list.path): the playlist is empty",
                "spool: play: nothing to play",
            ])
    }

    @Test("a local HLS playlist (.m3u8 with #EXT-X- tags) still plays as one HLS stream")
    func localHLS() async throws {
        let root = URL(fileURLWithPath: try PlayTool.scratchPath("hls"), isDirectory: true)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let index = root.appendingPathComponent("index.m3u8")
        _ = try await PlayTool.ffmpeg([
            "-i", try await TestMedia.url(for: .h264AACMP4).path, "-c", "copy", "-f", "hls", "-hls_time", "1",
            "-hls_playlist_type", "vod", index.path,
        ])
        let (output, milestones) = try await Self.milestones(playing: [index.path])
        #expect(output.status == 0, "stderr: \(output.errorText)")
        #expect(milestones == Self.once(index.path))
    }
}
