import Foundation
import Testing

@testable import SpoolCore

/// `OutputFile` opens the path the user named and writes through it: never a temporary file
/// renamed over it, which would turn /dev/null, a FIFO or a symlink into a regular file.
@Suite struct OutputFileTests {
    private static func scratchDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("spool-output-file-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    private static func inode(_ path: String, followingLinks: Bool = true) -> (ino_t, mode_t) {
        var status = stat()
        _ = followingLinks ? stat(path, &status) : lstat(path, &status)
        return (status.st_ino, status.st_mode & S_IFMT)
    }

    @Test("an existing regular file is truncated in place: same inode, new contents")
    func regularFileTruncatedInPlace() throws {
        let path = try Self.scratchDirectory().appendingPathComponent("out.txt").path
        try Data("old contents that are longer".utf8).write(to: URL(fileURLWithPath: path))
        let before = Self.inode(path)
        let handle = try OutputFile.openForWriting(path)
        handle.write(Data("new".utf8))
        try handle.close()
        #expect(Self.inode(path) == before)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new")
    }

    @Test("/dev/null stays a character device and is not seekable")
    func devNullStaysADevice() throws {
        let handle = try OutputFile.openForWriting("/dev/null")
        handle.write(Data("written to the device".utf8))
        #expect(!OutputFile.isSeekable(handle))
        try handle.close()
        #expect(Self.inode("/dev/null", followingLinks: false).1 == S_IFCHR)
    }

    @Test("a symlink keeps pointing where it did; its target receives the bytes")
    func symlinkIsFollowed() throws {
        let directory = try Self.scratchDirectory()
        let target = directory.appendingPathComponent("target.txt").path
        let link = directory.appendingPathComponent("link.txt").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let handle = try OutputFile.openForWriting(link)
        handle.write(Data("through the link".utf8))
        try handle.close()
        #expect(Self.inode(link, followingLinks: false).1 == S_IFLNK)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "through the link")
    }

    @Test("a FIFO stays a FIFO and its reader receives the bytes")
    func fifoIsWrittenThrough() throws {
        let path = try Self.scratchDirectory().appendingPathComponent("pipe").path
        #expect(mkfifo(path, 0o600) == 0)
        // A non-blocking reader first, so the writer's open does not wait for one.
        let reader = open(path, O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        defer { close(reader) }
        let handle = try OutputFile.openForWriting(path)
        #expect(!OutputFile.isSeekable(handle))
        handle.write(Data("into the pipe".utf8))
        try handle.close()
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = read(reader, &buffer, buffer.count)
        #expect(String(decoding: buffer.prefix(max(count, 0)), as: UTF8.self) == "into the pipe")
        #expect(Self.inode(path, followingLinks: false).1 == S_IFIFO)
    }

    @Test("a directory is refused with the path and the reason in words")
    func directoryRefused() throws {
        let directory = try Self.scratchDirectory().path
        #expect(throws: OutputFileError(path: directory, reason: "Is a directory")) {
            try OutputFile.openForWriting(directory)
        }
        #expect(
            OutputFileError(path: directory, reason: "Is a directory").description
                == "cannot write \(directory): Is a directory")
    }

    @Test("a missing parent directory is refused, and nothing is created")
    func missingParentRefused() throws {
        let path = try Self.scratchDirectory().appendingPathComponent("absent/out.txt").path
        #expect(throws: OutputFileError(path: path, reason: "No such file or directory")) {
            try OutputFile.openForWriting(path)
        }
    }
}
