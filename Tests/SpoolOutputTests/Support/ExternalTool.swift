import Foundation
import SpoolTestSupport

/// What a command-line tool printed, and how it exited.
struct ToolOutput {
    let status: Int32
    let standardOutput: Data
    let standardError: String

    /// Standard output as UTF-8 text.
    var text: String { String(decoding: standardOutput, as: UTF8.self) }
}

/// Runs the command-line tools the tests check Spool against (ffprobe, ffmpeg, pactl).
enum ExternalTool {
    /// Runs `tool` (looked up on PATH) with `arguments`, on a thread of its own because it
    /// blocks, and returns its output. Reads standard output to the end before standard
    /// error, which suits tools that print little on standard error.
    static func run(_ tool: String, _ arguments: [String]) async throws -> ToolOutput {
        try await runOnDedicatedThread { () throws -> ToolOutput in
            let process = Process()
            process.executableURL = URL(filePath: "/usr/bin/env")
            process.arguments = [tool] + arguments
            let output = Pipe()
            let errors = Pipe()
            process.standardOutput = output
            process.standardError = errors
            process.standardInput = FileHandle.nullDevice
            try process.run()
            let standardOutput = output.fileHandleForReading.readDataToEndOfFile()
            let standardError = errors.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return ToolOutput(
                status: process.terminationStatus, standardOutput: standardOutput,
                standardError: String(decoding: standardError, as: UTF8.self))
        }
    }

    /// Runs `tool` and returns its standard output; throws unless it exits with status 0.
    static func output(of tool: String, _ arguments: [String]) async throws -> Data {
        let result = try await run(tool, arguments)
        guard result.status == 0 else {
            throw ExternalToolError(
                description:
                    "\(tool) \(arguments.joined(separator: " ")) exited \(result.status): \(result.standardError)")
        }
        return result.standardOutput
    }
}

/// A tool exited with a failure status.
struct ExternalToolError: Error, CustomStringConvertible {
    let description: String
}
