import Foundation
import SpoolTestSupport
import Testing

/// Every file `spool play` writes at a path the user named is opened there and written
/// through, as ffmpeg does: /dev/null stays a device, a FIFO's reader gets the listing, a
/// symlink keeps pointing where it did, and a path that cannot be written is one clear line.
@Suite("spool play: output paths are written in place (integration)", .timeLimit(.minutes(3)))
struct PlayOutputPathIntegrationTests {
    private static func fileType(_ path: String) -> mode_t {
        var status = stat()
        _ = lstat(path, &status)
        return status.st_mode & S_IFMT
    }

    @Test("--vo framemd5:/dev/null, --ao wav:/dev/null and --events /dev/null leave /dev/null a character device")
    func devNullStaysADevice() async throws {
        let input = try await TestMedia.url(for: .h264AACMP4).path
        let output = try await PlayTool.spool(
            [
                "play", "--untimed", "--vo", "framemd5:/dev/null", "--ao", "wav:/dev/null", "--events", "/dev/null",
                input,
            ])
        #expect(output.status == 0, "stderr: \(output.errorText)")
        #expect(Self.fileType("/dev/null") == S_IFCHR)
        let handle = try #require(FileHandle(forReadingAtPath: "/dev/null"))
        #expect(try handle.readToEnd() ?? Data() == Data(), "reading /dev/null gives nothing")
    }

    @Test("a FIFO read by cat receives the same framemd5 listing a regular file does")
    func fifoReceivesTheListing() async throws {
        let input = try await TestMedia.url(for: .h264AACMP4).path
        let reference = try PlayTool.scratchPath("reference.framemd5")
        let plain = try await PlayTool.spool([
            "play", "--untimed", "--vo", "framemd5:\(reference)", "--ao", "null", input,
        ])
        #expect(plain.status == 0, "stderr: \(plain.errorText)")

        let fifo = try PlayTool.scratchPath("listing.fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        let copy = try PlayTool.scratchPath("from-cat.framemd5")
        async let reader = ToolRunner.run(
            try ToolRunner.find("sh"), ["-c", "exec cat \"$0\" > \"$1\"", fifo, copy], timeout: .seconds(60))
        let played = try await PlayTool.spool(["play", "--untimed", "--vo", "framemd5:\(fifo)", "--ao", "null", input])
        let cat = try await reader
        #expect(played.status == 0, "stderr: \(played.errorText)")
        #expect(cat.status == 0, "cat: \(cat.errorText)")
        #expect(Self.fileType(fifo) == S_IFIFO)
        let expected = try String(contentsOfFile: reference, encoding: .utf8)
        #expect(PlayTool.frameLines(expected).count > 10)
        #expect(try String(contentsOfFile: copy, encoding: .utf8) == expected)
    }

    @Test("a symlinked --events path still points at its target, which holds the events")
    func symlinkKeptAndFollowed() async throws {
        let input = try await TestMedia.url(for: .h264AACMP4).path
        let target = try PlayTool.scratchPath("events-target.jsonl")
        let link = try PlayTool.scratchPath("events-link.jsonl")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let output = try await PlayTool.spool(
            ["play", "--untimed", "--vo", "null", "--ao", "null", "--events", link, input])
        #expect(output.status == 0, "stderr: \(output.errorText)")
        #expect(Self.fileType(link) == S_IFLNK)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        let events = try PlayEvent.read(target)
        #expect(events.contains { $0.type == "ended" })
    }

    @Test("--events pointing at a directory fails with one line naming the path and the reason")
    func directoryIsAClearError() async throws {
        let input = try await TestMedia.url(for: .h264AACMP4).path
        let directory = try PlayTool.scratchPath("a-directory")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let output = try await PlayTool.spool(
            ["play", "--untimed", "--vo", "null", "--ao", "null", "--events", directory, input])
        #expect(output.status == 1)
        #expect(output.errorText.contains("cannot write \(directory): Is a directory"), "stderr: \(output.errorText)")
        #expect(!output.errorText.contains("NSCocoaErrorDomain"))
    }

    @Test("--vo framemd5 into a missing directory fails with the path and the reason")
    func missingDirectoryIsAClearError() async throws {
        let input = try await TestMedia.url(for: .h264AACMP4).path
        let path = try PlayTool.scratchPath("absent") + "/listing.framemd5"
        let output = try await PlayTool.spool(["play", "--untimed", "--vo", "framemd5:\(path)", "--ao", "null", input])
        #expect(output.status == 1)
        #expect(
            output.errorText.contains("cannot write \(path): No such file or directory"), "stderr: \(output.errorText)")
    }
}
