import Foundation

/// A helper program launched by a test, with its standard output as a stream of lines.
struct ChildProcess {
    let process: Process
    /// Standard output, line by line, without the newline; finishes when the child closes it.
    let lines: AsyncStream<String>
    /// Yields once when the child has exited (and Foundation has reaped it).
    let exited: AsyncStream<Void>

    /// The built program `name`: next to the running test executable (where `swift test` puts
    /// every product), else in `.build/debug` of the package this source file belongs to.
    static func executable(named name: String, filePath: String = #filePath) -> URL? {
        var directories: [URL] = []
        if let testBinary = Bundle.main.executableURL {
            directories.append(testBinary.deletingLastPathComponent())
        }
        if let argument = CommandLine.arguments.first {
            directories.append(URL(filePath: argument).deletingLastPathComponent())
        }
        var directory = URL(filePath: filePath).deletingLastPathComponent()
        while directory.pathComponents.count > 1 {
            directories.append(directory.appending(components: ".build", "debug"))
            directory.deleteLastPathComponent()
        }
        return directories.map { $0.appending(component: name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path(percentEncoded: false)) }
    }

    /// Starts `executable` with `arguments`; its standard error goes to the test's.
    static func launch(_ executable: URL, arguments: [String]) throws -> ChildProcess {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        let (exited, exitedContinuation) = AsyncStream.makeStream(of: Void.self)
        process.terminationHandler = { _ in
            exitedContinuation.yield()
            exitedContinuation.finish()
        }
        try process.run()
        return ChildProcess(process: process, lines: lines(of: output.fileHandleForReading), exited: exited)
    }

    /// Reads `handle` on a dedicated thread: the reads block, and blocking belongs on a thread
    /// of its own, not on Swift's cooperative pool. The thread ends at end of file.
    private static func lines(of handle: FileHandle) -> AsyncStream<String> {
        let (lines, continuation) = AsyncStream.makeStream(of: String.self)
        let reader = Thread {
            var buffer: [UInt8] = []
            while let data = try? handle.read(upToCount: 4096), !data.isEmpty {
                buffer.append(contentsOf: data)
                while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                    continuation.yield(String(decoding: buffer[..<newline], as: UTF8.self))
                    buffer.removeSubrange(...newline)
                }
            }
            continuation.finish()
        }
        reader.start()
        return lines
    }
}
