public import SpoolCore
import SpoolMedia

/// Passes frames to another output until `limit` were presented, then calls `onLimitReached`
/// once and presents nothing more (`spool play --frames N`: time-to-first-frame and seek
/// measurements).
public final class FrameLimitVideoOutput: VideoOutput, StreamPreparingVideoOutput {
    private let wrapped: any VideoOutput
    private let limit: Int
    private let presented = Locked(0)
    private let onLimitReached: @Sendable () -> Void

    /// Wraps `output`; `limit` below 1 is raised to 1.
    public init(wrapping output: any VideoOutput, limit: Int, onLimitReached: @escaping @Sendable () -> Void) {
        wrapped = output
        self.limit = max(limit, 1)
        self.onLimitReached = onLimitReached
    }

    /// The wrapped output's name.
    public var name: String { wrapped.name }
    /// The wrapped output's formats.
    public var acceptedPixelFormats: Set<PixelFormat>? { wrapped.acceptedPixelFormats }

    /// Presents through the wrapped output while under the limit; calls `onLimitReached`
    /// after the last allowed frame.
    public func present(_ frame: any VideoFrame) throws(VideoOutputError) {
        let count = presented.withLock { count -> Int in
            count += 1
            return count
        }
        guard count <= limit else { return }
        try wrapped.present(frame)
        if count == limit { onLimitReached() }
    }

    /// The wrapped output's viewport.
    public var viewportSize: PixelSize? { wrapped.viewportSize }

    /// Stops the wrapped output.
    public func stop() { wrapped.stop() }

    func prepare(for stream: MediaStreamInfo, containerStartTime: MediaTime) throws(VideoOutputError) {
        try (wrapped as? any StreamPreparingVideoOutput)?.prepare(for: stream, containerStartTime: containerStartTime)
    }
}
