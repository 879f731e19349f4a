import Foundation
import Spool
import SpoolCore

/// Writes a `GeneratedImage` as a PNG file (FFmpeg's encoder, `GeneratedImage.pngData()`), opened in
/// place (`OutputFile`), never renamed over.
enum PNGWriter {
    /// Why a picture could not be written.
    struct WriteError: Error, CustomStringConvertible {
        let description: String
    }

    /// Writes `image` to `path`, creating or truncating it; returns the bytes written.
    @discardableResult
    static func write(_ image: GeneratedImage, to path: String) throws -> Int {
        let data = try image.pngData()
        let handle = try OutputFile.openForWriting(path)
        try write(data, to: handle, path: path)
        return data.count
    }

    /// Writes `data` to an opened file and closes it.
    static func write(_ data: Data, to handle: FileHandle, path: String) throws {
        do {
            try handle.write(contentsOf: data)
            try handle.close()
        } catch {
            throw WriteError(description: "cannot write \(path): \(error.localizedDescription)")
        }
    }
}
