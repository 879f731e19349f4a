public import Foundation
public import SpoolCore

/// Why an `AssetImageGenerator` made no image. Each case carries what a user needs to act.
public enum ImageGenerationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The asset could not be opened or read; the message names it and the cause.
    case cannotOpen(String)
    /// The asset has no video stream.
    case noVideo(URL)
    /// The time is before the start or after the end of the asset.
    case timeOutOfRange(MediaTime, duration: MediaTime)
    /// No frame could be decoded there; the message says why.
    case decodingFailed(String)
    /// The image could not be encoded (PNG); the message says why.
    case encodingFailed(String)
    /// The request was cancelled (`cancelAllImageGeneration()`, or the task was).
    case cancelled

    /// A one-line message.
    public var description: String {
        switch self {
        case .cannotOpen(let message): message
        case .noVideo(let url): "\(url.redactedForDisplay) has no video stream"
        case .timeOutOfRange(let time, let duration):
            duration.isNumeric
                ? "time \(Self.seconds(time)) s is outside the media (0 to \(Self.seconds(duration)) s)"
                : "time \(Self.seconds(time)) s is outside the media"
        case .decodingFailed(let message): message
        case .encodingFailed(let message): message
        case .cancelled: "cancelled"
        }
    }

    private static func seconds(_ time: MediaTime) -> String {
        String(format: "%.3f", time.seconds)
    }
}
