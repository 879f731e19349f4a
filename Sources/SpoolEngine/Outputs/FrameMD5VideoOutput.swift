import Foundation
public import SpoolCore
import SpoolMedia

/// A video output that writes one line per frame in the layout of `ffmpeg -f framemd5`, the
/// MD5 taken over each decoded frame in its native pixel format (`spool play --vo framemd5:FILE`).
///
/// The layout's timestamps depend on the video stream (time base, frame rate, start time), so
/// the file's header is written when the first item's video stream is known. Each later item
/// in a queue appends its frames, timed on its own stream, without another header.
public final class FrameMD5VideoOutput: VideoOutput, StreamPreparingVideoOutput {
    /// "framemd5".
    public let name = "framemd5"
    /// `nil`: every format is hashed as decoded, never converted.
    public let acceptedPixelFormats: Set<PixelFormat>? = nil

    private let handle: FileHandle
    private let writer = Locked<FrameMD5Writer?>(nil)

    /// Opens the file at `path` for writing in place (created or truncated; a device, FIFO
    /// or symlink is written through, never replaced). Throws, naming the path and the
    /// reason, when it cannot be opened.
    public init(path: String) throws(VideoOutputError) {
        do {
            handle = try OutputFile.openForWriting(path)
        } catch {
            throw .unavailable(error.description)
        }
    }

    func prepare(for stream: MediaStreamInfo, containerStartTime: MediaTime) throws(VideoOutputError) {
        let handle = handle
        try writer.withLock { (writer: inout FrameMD5Writer?) throws(VideoOutputError) in
            let isFirst = writer == nil
            writer?.stop()  // the previous item's listing is complete: flush it before going on
            do {
                writer = try FrameMD5Writer(stream: stream, containerStartTime: containerStartTime) { data in
                    handle.write(isFirst ? data : Self.withoutHeaderLines(data))
                }
            } catch {
                throw .presentFailed("cannot describe the video stream: \(error)")
            }
        }
    }

    /// `data` without the lines that start with `#` (the listing's header).
    private static func withoutHeaderLines(_ data: Data) -> Data {
        let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let kept = lines.filter { $0.first != UInt8(ascii: "#") }
        return Data(kept.joined(separator: [UInt8(ascii: "\n")]))
    }

    /// Hashes `frame` and appends its line.
    public func present(_ frame: any VideoFrame) throws(VideoOutputError) {
        guard let writer = writer.withLock({ $0 }) else { throw .presentFailed("no video stream was prepared") }
        try writer.present(frame)
    }

    /// Finishes the listing and closes the file. Idempotent.
    public func stop() {
        writer.withLock { $0 }?.stop()
        try? handle.synchronize()
        try? handle.close()
    }
}

/// An output that must know the video stream before its first frame (internal to the engine).
protocol StreamPreparingVideoOutput: VideoOutput {
    func prepare(for stream: MediaStreamInfo, containerStartTime: MediaTime) throws(VideoOutputError)
}
