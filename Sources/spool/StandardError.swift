import Foundation

/// The program's stderr: diagnostics go here, one line each, never to stdout.
enum StandardError {
    /// Writes `spool: <message>` and a newline.
    static func report(_ message: String) {
        write("spool: \(message)\n")
    }

    /// Writes `text` as is.
    static func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
