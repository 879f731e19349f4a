public import SpoolCore

/// A picture an `AssetImageGenerator` made: packed RGBA pixels and the time of the frame
/// they show (AVAssetImageGenerator's `CGImage` plus `actualTime`).
///
/// Guarantees: `rgba.count == width * height * 4`; rows are `width * 4` bytes without
/// padding, top row first; every alpha byte is 255. Immutable, hence `Sendable`.
public struct GeneratedImage: Sendable, Equatable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// The pixels: red, green, blue, alpha, row after row.
    public let rgba: [UInt8]
    /// The time on the asset's timeline (0 is its start) of the frame shown: within the
    /// generator's tolerances of `requestedTime`.
    public let actualTime: MediaTime
    /// The time that was asked for.
    public let requestedTime: MediaTime

    /// An image; `rgba` must hold `width * height * 4` bytes.
    public init(width: Int, height: Int, rgba: [UInt8], actualTime: MediaTime, requestedTime: MediaTime) {
        precondition(rgba.count == width * height * 4, "rgba must hold width * height * 4 bytes")
        self.width = width
        self.height = height
        self.rgba = rgba
        self.actualTime = actualTime
        self.requestedTime = requestedTime
    }
}

/// One answer of a batch (`AssetImageGenerator.images(for:)`): the time asked for, and the
/// image or why there is none.
public struct ImageGenerationResult: Sendable {
    /// The time that was asked for.
    public let requestedTime: MediaTime
    /// The image, or the failure for this time alone (the batch goes on).
    public let result: Result<GeneratedImage, ImageGenerationError>
}
