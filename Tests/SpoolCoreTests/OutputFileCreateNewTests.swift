import Foundation
import SpoolCore
import Testing

/// `OutputFile.createNew`: O_EXCL, so a fresh name is never an existing file.
@Suite("OutputFile.createNew")
struct OutputFileCreateNewTests {
    @Test("creates a new file, answers nil for a taken name (also a dangling symlink), throws for a bad directory")
    func createNew() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("spool-create-new-\(UUID())").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = "\(directory)/shot.png"
        let handle = try #require(try OutputFile.createNew(path))
        try handle.write(contentsOf: Data("first".utf8))
        try handle.close()
        #expect(try OutputFile.createNew(path) == nil)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "first")
        try FileManager.default.createSymbolicLink(
            atPath: "\(directory)/link.png", withDestinationPath: "\(directory)/gone")
        #expect(try OutputFile.createNew("\(directory)/link.png") == nil)
        #expect(!FileManager.default.fileExists(atPath: "\(directory)/gone"))
        #expect(throws: OutputFileError.self) { _ = try OutputFile.createNew("\(directory)/missing/shot.png") }
    }
}
