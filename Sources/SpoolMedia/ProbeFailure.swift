import Foundation
import SpoolCore

/// Maps what went wrong during a probe to the `AssetLoadError` a user should see, naming
/// the file: a cancellation stays a cancellation, a byte-source failure keeps its precise
/// cause, and FFmpeg's codes become "unsupported" or "corrupt" in one line.
struct ProbeFailure {
    /// How far the probe got, which decides what `AVERROR_INVALIDDATA` means.
    enum Stage {
        /// Recognising the container and reading its header: invalid data means the
        /// format is not one FFmpeg knows.
        case opening
        /// Reading packets for stream info: invalid data means a damaged file.
        case readingStreams
    }

    let url: URL
    let interrupt: InterruptFlag

    private var name: String { url.redactedForDisplay }

    /// The error for an input with no bytes at all.
    var emptyInput: AssetLoadError { .corruptData("\(name): the file is empty") }

    /// A byte-source failure, precise unless the probe was cancelled meanwhile.
    func map(_ error: ByteSourceError) -> AssetLoadError {
        interrupt.isRaised ? .cancelled : AssetLoadError(error)
    }

    /// An FFmpeg failure, explained by the source's own error when the source caused it.
    func map(_ error: FFmpegError, stage: Stage, io: ByteSourceIOContext?) -> AssetLoadError {
        if interrupt.isRaised || error == .exit { return .cancelled }
        if let sourceError = io?.sourceError { return map(sourceError) }
        let nothingRead = io.map { $0.bytesRead == 0 } ?? false
        switch error {
        case .endOfFile where nothingRead, .invalidData where nothingRead:
            return emptyInput
        case .endOfFile:
            return .corruptData("\(name): the data ends before the container's header does")
        case .invalidData where stage == .opening, .demuxerNotFound:
            return .unsupportedFormat("\(name): no demuxer recognises the data")
        case .decoderNotFound:
            return .unsupportedFormat("\(name): \(error)")
        default:
            return .corruptData("\(name): \(error)")
        }
    }
}
