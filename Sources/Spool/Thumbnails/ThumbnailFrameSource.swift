import SpoolCore
import SpoolMedia

/// Where a generator's frames come from: a demuxer and decoder of their own, never the
/// playing engine's. Made, used and released on the generator's worker thread (blocking
/// calls), hence not `Sendable`; only `canceller` crosses threads.
protocol ThumbnailFrameSource: AnyObject {
    /// The asset's duration; `indefinite` for live.
    var duration: MediaTime { get }
    /// Stops the work in flight from any thread; the source is unusable afterwards.
    var canceller: @Sendable () -> Void { get }
    /// The frame for `request`. Blocks. Throws `.cancelled` once cancelled.
    func frame(for request: FrameRequest) throws(ImageGenerationError) -> FoundFrame
}

extension ImageGenerationError {
    /// The error for a time outside `0...duration`; `nil` when the time is inside.
    static func checkRange(_ time: MediaTime, duration: MediaTime) -> ImageGenerationError? {
        guard time.isNumeric else { return .timeOutOfRange(time, duration: duration) }
        if time < .zero { return .timeOutOfRange(time, duration: duration) }
        if duration.isNumeric, time > duration { return .timeOutOfRange(time, duration: duration) }
        return nil
    }
}
